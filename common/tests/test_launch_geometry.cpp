#include "harness/launch_geometry.hpp"
#include "util/user_error.hpp"

#include <doctest/doctest.h>

using namespace course;

namespace {
Defines defines(std::initializer_list<std::pair<const char*, const char*>> items) {
    Defines d;
    for (const auto& [n, v] : items) d.set(n, v);
    return d;
}
}  // namespace

TEST_CASE("tile geometry rounds the NDRange up and does not pad") {
    const auto s = launch_shape(Geometry::tile, defines({{"TILE_SIZE", "16"}}), {37, 50, 1});
    CHECK(s.global[0] == 64);  // dimension 0 walks the 50 columns
    CHECK(s.global[1] == 48);
    CHECK(s.local[0] == 16);
    CHECK_FALSE(s.pads);
    CHECK(s.padded.rows == 37);
}

TEST_CASE("thread_work geometry pads to the tile and divides columns among work-items") {
    const auto s = launch_shape(Geometry::thread_work, defines({{"TILE_SIZE", "32"}, {"THREAD_WORK", "8"}}), {33, 70, 5});
    CHECK(s.pads);
    CHECK(s.padded.rows == 64);
    CHECK(s.padded.cols == 96);
    CHECK(s.padded.inner == 32);
    CHECK(s.global[0] == 12);
    CHECK(s.global[1] == 64);
    CHECK(s.local[0] == 4);
    CHECK(s.local[1] == 32);
    CHECK_THROWS_AS(launch_shape(Geometry::thread_work, defines({{"TILE_SIZE", "32"}, {"THREAD_WORK", "5"}}), {1, 1, 1}),
                    UserError);
}

TEST_CASE("register_tiles geometry follows the macro and micro tiles") {
    const auto d = defines({{"TILE_M", "64"}, {"TILE_N", "128"}, {"TILE_K", "16"}, {"WPT_M", "8"}, {"WPT_N", "4"}});
    const auto s = launch_shape(Geometry::register_tiles, d, {100, 130, 17});
    CHECK(s.padded.rows == 128);
    CHECK(s.padded.cols == 256);
    CHECK(s.padded.inner == 32);
    CHECK(s.global[0] == 64);
    CHECK(s.global[1] == 16);
    CHECK(s.local[0] == 32);
    CHECK(s.local[1] == 8);
}

TEST_CASE("unknown geometries and missing defines are named") {
    CHECK_FALSE(geometry_named("spiral"));
    CHECK(geometry_named("thread_work") == Geometry::thread_work);
    CHECK(geometry_names() == "tile, thread_work, register_tiles");
    CHECK_THROWS_AS(launch_shape(Geometry::tile, defines({}), {1, 1, 1}), UserError);
}
