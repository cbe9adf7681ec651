#include "harness/launch_geometry.hpp"

#include "harness/matrix.hpp"
#include "util/user_error.hpp"

#include <fmt/format.h>

namespace course {

namespace {

std::size_t define_value(const Defines& defines, const char* name) {
    return static_cast<std::size_t>(defines.positive_int(name));
}

void require_divides(std::size_t small, const char* small_name, std::size_t big, const char* big_name) {
    if (big % small != 0) {
        throw UserError({fmt::format("{} to divide {}", small_name, big_name),
                         fmt::format("{}={} does not divide {}={}", small_name, small, big_name, big), "kernel defines",
                         fmt::format("pick {} among the divisors of {}", small_name, big)});
    }
}

}  // namespace

cl::NDRange LaunchShape::global_range(std::size_t batch) const {
    return batch > 1 ? cl::NDRange(global[0], global[1], batch) : cl::NDRange(global[0], global[1]);
}

cl::NDRange LaunchShape::local_range(std::size_t batch) const {
    return batch > 1 ? cl::NDRange(local[0], local[1], 1) : cl::NDRange(local[0], local[1]);
}

Extents padding_multiples(Geometry geometry, const Defines& defines) {
    switch (geometry) {
        case Geometry::tile:
            return {1, 1, 1};
        case Geometry::thread_work: {
            const auto tile = define_value(defines, "TILE_SIZE");
            return {tile, tile, tile};
        }
        case Geometry::register_tiles:
            break;
    }
    return {define_value(defines, "TILE_M"), define_value(defines, "TILE_N"), define_value(defines, "TILE_K")};
}

LaunchShape launch_shape(Geometry geometry, const Defines& defines, Extents extents) {
    LaunchShape shape;
    const Extents multiple = padding_multiples(geometry, defines);
    shape.padded = {round_up(extents.rows, multiple.rows), round_up(extents.cols, multiple.cols),
                    round_up(extents.inner, multiple.inner)};
    if (geometry == Geometry::tile) {
        const auto tile = define_value(defines, "TILE_SIZE");
        // Optional (lab 02's extension): each work-item moves ROWS_PER_ITEM rows of its tile.
        const auto rows_per_item = defines.get("ROWS_PER_ITEM") ? define_value(defines, "ROWS_PER_ITEM") : 1;
        require_divides(rows_per_item, "ROWS_PER_ITEM", tile, "TILE_SIZE");
        shape.global[0] = round_up(extents.cols, tile);
        shape.global[1] = round_up(extents.rows, tile) / rows_per_item;
        shape.local[0] = tile;
        shape.local[1] = tile / rows_per_item;
    } else if (geometry == Geometry::thread_work) {
        const auto tile = define_value(defines, "TILE_SIZE");
        const auto work = define_value(defines, "THREAD_WORK");
        require_divides(work, "THREAD_WORK", tile, "TILE_SIZE");
        shape.pads = true;
        shape.global[0] = shape.padded.cols / work;
        shape.global[1] = shape.padded.rows;
        shape.local[0] = tile / work;
        shape.local[1] = tile;
    } else {
        const auto wpt_m = define_value(defines, "WPT_M");
        const auto wpt_n = define_value(defines, "WPT_N");
        require_divides(wpt_m, "WPT_M", multiple.rows, "TILE_M");
        require_divides(wpt_n, "WPT_N", multiple.cols, "TILE_N");
        shape.pads = true;
        shape.global[0] = shape.padded.cols / wpt_n;
        shape.global[1] = shape.padded.rows / wpt_m;
        shape.local[0] = multiple.cols / wpt_n;
        shape.local[1] = multiple.rows / wpt_m;
    }
    return shape;
}

}  // namespace course
