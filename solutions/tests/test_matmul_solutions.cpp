// The matrix-product solutions (labs 03-06) beyond their lab.toml defaults:
// right with other tile shapes and other seeds, at square, rectangular,
// ragged and 1×1 sizes. Sizes stay small: this runs on PoCL with 2 cores.
#include "lab_fixture.hpp"

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

using namespace course_tests;

namespace {

const std::vector<std::string> kSizes = {"1x1x1",   "37x50x17",  "100x33x129", "128x1x128",
                                         "1x200x3", "65x129x33", "64x64x64"};

void check_solution(const char* lab, std::initializer_list<std::pair<const char*, const char*>> defines) {
    const auto problem = open(lab, "solutions", defines);
    for (const std::uint64_t seed : {7u, 12345u}) {
        for (const auto& v : check_sizes(*problem, kSizes, seed)) {
            CHECK_MESSAGE(v.ok, "lab " << lab << " at " << course::size_text(v.size, problem->size_form())
                                       << " with seed " << seed << ": " << v.problem);
        }
    }
}

}  // namespace

TEST_CASE("the lab 03 and 04 solutions are right with other tile sizes") {
    for (const char* lab : {"03", "04"}) {
        for (const char* tile : {"1", "4", "8", "16", "32"}) {
            CAPTURE(lab);
            CAPTURE(tile);
            check_solution(lab, {{"TILE_SIZE", tile}});
        }
    }
}

TEST_CASE("the lab 05 solution is right for every THREAD_WORK that divides TILE_SIZE") {
    const std::vector<std::pair<const char*, const char*>> shapes = {
        {"8", "1"}, {"8", "8"}, {"16", "2"}, {"16", "16"}, {"32", "4"}, {"32", "8"}, {"64", "16"}};
    for (const auto& [tile, work] : shapes) {
        CAPTURE(tile);
        CAPTURE(work);
        check_solution("05", {{"TILE_SIZE", tile}, {"THREAD_WORK", work}});
    }
}

TEST_CASE("the lab 06 solution is right for several macro and micro tiles") {
    struct Shape {
        const char *tile_m, *tile_n, *tile_k, *wpt_m, *wpt_n;
    };
    const std::vector<Shape> shapes = {{"16", "16", "4", "4", "4"},  {"32", "32", "8", "4", "4"},
                                       {"64", "64", "16", "4", "4"}, {"64", "128", "16", "8", "4"},
                                       {"32", "64", "32", "4", "8"}, {"128", "128", "8", "8", "8"},
                                       {"32", "64", "16", "8", "32"}};
    for (const auto& s : shapes) {
        CAPTURE(s.tile_m);
        CAPTURE(s.tile_n);
        CAPTURE(s.tile_k);
        CAPTURE(s.wpt_m);
        CAPTURE(s.wpt_n);
        check_solution(
            "06",
            {{"TILE_M", s.tile_m}, {"TILE_N", s.tile_n}, {"TILE_K", s.tile_k}, {"WPT_M", s.wpt_m}, {"WPT_N", s.wpt_n}});
    }
}

TEST_CASE("the reference GEMM in kernels/ (lab 07's products) is right for several tiles, batched") {
    const auto file = root() / "kernels/reference/matmul_register_tiles.cl";
    struct Shape {
        const char *tile_m, *tile_n, *tile_k, *wpt_m, *wpt_n;
    };
    // Lab 07's CPU and GPU tiles, and one with every define different and not a multiple of 4.
    for (const Shape s : {Shape{"64", "64", "16", "4", "4"}, Shape{"128", "128", "8", "8", "8"},
                          Shape{"32", "64", "12", "2", "8"}}) {
        CAPTURE(s.tile_m);
        CAPTURE(s.tile_k);
        CAPTURE(s.wpt_n);
        const auto problem = open_file(
            "06", file,
            {{"TILE_M", s.tile_m}, {"TILE_N", s.tile_n}, {"TILE_K", s.tile_k}, {"WPT_M", s.wpt_m}, {"WPT_N", s.wpt_n}});
        for (const auto& v : check_sizes(*problem, kSizes, 9)) {
            CHECK_MESSAGE(v.ok, course::size_text(v.size, problem->size_form()) << ": " << v.problem);
        }
    }
}

TEST_CASE("a lab-06 kernel that ignores get_group_id(2) fails lab 06's batched check, saying so") {
    std::ifstream in(root() / "solutions/06-matmul-register-tiles/matmul.cl", std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    std::string source = text.str();
    for (const std::string line : {"a += product * M * K;", "b += product * K * N;", "c += product * M * N;"}) {
        const auto at = source.find(line);
        REQUIRE(at != std::string::npos);
        source.erase(at, line.size());
    }
    const auto file = std::filesystem::temp_directory_path() / "lab06_batch_ignored.cl";
    std::ofstream(file) << source;
    const auto problem = open_file("06", file);
    const auto verdicts = check_sizes(*problem, {"64x64x64"});
    REQUIRE(verdicts.size() == 1);
    CHECK_FALSE(verdicts[0].ok);
    CHECK(verdicts[0].problem.find("The batch index get_group_id(2) was ignored") != std::string::npos);
    CHECK(verdicts[0].problem.find("work-group z = get_group_id(2) = 1") != std::string::npos);
    std::filesystem::remove(file);
}
