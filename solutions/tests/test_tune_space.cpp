// `lab tune`: what it sweeps (the [tune] tables of lab.toml), the order of the
// combinations, the reasons it skips a configuration before and after building
// it, and the lab.toml lines it proposes. No timing is asserted.
#include "lab_fixture.hpp"

#include "tune/tune_space.hpp"
#include "tune/tune_trial.hpp"
#include "util/user_error.hpp"

#include <doctest/doctest.h>

#include <toml++/toml.h>

using namespace course_tests;
using course::TuneSpace;

namespace {

TuneSpace space_of(const std::string& toml_text, const std::string& class_key) {
    return course::read_tune_space(toml::parse(toml_text), *course::device_class_from_key(class_key), "test.toml");
}

course::Defines defines(std::initializer_list<std::pair<const char*, const char*>> items) {
    course::Defines d;
    for (const auto& [n, v] : items) d.set(n, v);
    return d;
}

}  // namespace

TEST_CASE("[tune] lists candidates in file order; [cpu.tune] replaces a define's list on that class") {
    const std::string text = R"(
[tune]
TILE_SIZE = [16, 32, 64]
THREAD_WORK = [1, 2, 4, 8]

[cpu.tune]
THREAD_WORK = [8, 16]
)";
    const auto gpu = space_of(text, "gpu");
    REQUIRE(gpu.axes.size() == 2);
    CHECK(gpu.axes[0].name == "TILE_SIZE");  // file order, not alphabetical
    CHECK(gpu.axes[1].values == std::vector<std::string>{"1", "2", "4", "8"});
    CHECK(gpu.size() == 12);
    const auto cpu = space_of(text, "cpu");
    CHECK(cpu.axes[0].values == std::vector<std::string>{"16", "32", "64"});
    CHECK(cpu.axes[1].values == std::vector<std::string>{"8", "16"});
    CHECK(cpu.size() == 6);
}

TEST_CASE("a lab.toml without [tune] has an empty space (--values gives one); a value that is not a list is refused") {
    CHECK(space_of("title = \"x\"\n", "cpu").axes.empty());
    try {
        space_of("[tune]\nTILE_SIZE = 16\n", "cpu");
        FAIL("expected a UserError");
    } catch (const course::UserError& e) {
        CHECK(std::string(e.what()).find("test.toml") != std::string::npos);
        CHECK(std::string(e.what()).find("TILE_SIZE") != std::string::npos);
    }
    CHECK_THROWS_AS(space_of("[tune]\nTILE_SIZE = []\n", "cpu"), course::UserError);
    CHECK_THROWS_AS(space_of("[tune]\nTILE_SIZE = [1.5]\n", "cpu"), course::UserError);
}

TEST_CASE("combinations enumerate the product, the last define fastest") {
    auto space = space_of("[tune]\nA = [1, 2]\nB = [3, 4, 5]\n", "cpu");
    const auto all = course::combinations(space);
    REQUIRE(all.size() == 6);
    CHECK(all[0].summary() == "A=1 B=3");
    CHECK(all[1].summary() == "A=1 B=4");
    CHECK(all[3].summary() == "A=2 B=3");
    CHECK(all[5].summary() == "A=2 B=5");

    course::pin(space, {"A", "2"});              // -D A=2
    course::replace_candidates(space, "B=7,9");  // --values B=7,9
    course::replace_candidates(space, "C=1");    // a define lab.toml does not sweep
    const auto pinned = course::combinations(space);
    REQUIRE(pinned.size() == 2);
    CHECK(pinned[1].summary() == "A=2 B=9 C=1");
    CHECK_THROWS_AS(course::replace_candidates(space, "B="), course::UserError);
    CHECK_THROWS_AS(course::replace_candidates(space, "B=1,,2"), course::UserError);
    CHECK(course::combinations(TuneSpace{}).empty());
}

TEST_CASE("configurations the geometry cannot launch are skipped with the geometry's reason") {
    const course::Extents size{100, 129, 33};
    CHECK(
        course::geometry_rejection(course::Geometry::thread_work, defines({{"TILE_SIZE", "32"}, {"THREAD_WORK", "8"}}), size).empty());
    const auto why =
        course::geometry_rejection(course::Geometry::thread_work, defines({{"TILE_SIZE", "16"}, {"THREAD_WORK", "32"}}), size);
    CHECK(why.find("THREAD_WORK") != std::string::npos);
    const auto micro = course::geometry_rejection(
        course::Geometry::register_tiles,
        defines({{"TILE_M", "64"}, {"TILE_N", "32"}, {"TILE_K", "8"}, {"WPT_M", "8"}, {"WPT_N", "64"}}), size);
    CHECK(micro.find("WPT_N") != std::string::npos);
    CHECK(course::work_group_items(course::Geometry::thread_work, defines({{"TILE_SIZE", "64"}, {"THREAD_WORK", "16"}})) == 256);
    CHECK(course::work_group_items(course::Geometry::tile, defines({{"TILE_SIZE", "32"}})) == 1024);
    CHECK(course::work_group_items(course::Geometry::tile, defines({})) == 0);
}

TEST_CASE("the first compiler error is shortened to its message and line") {
    const std::string log =
        "solutions/06-matmul-register-tiles/matmul.cl:41:2: error: \"WPT_M, WPT_N and TILE_K must be multiples of 4\"\n"
        "#error \"WPT_M, WPT_N and TILE_K must be multiples of 4\"\n"
        " ^\n"
        "solutions/06-matmul-register-tiles/matmul.cl:90:5: error: use of undeclared identifier 'x'\n";
    CHECK(course::first_build_error(log) == "WPT_M, WPT_N and TILE_K must be multiples of 4 (matmul.cl:41)");
    CHECK(course::first_build_error("matmul.cl:3:1: warning: unused variable\n").empty());
    // PoCL puts "error:" first.
    CHECK(course::first_build_error("error: labs/05-x/matmul.cl:28:2: \"THREAD_WORK must divide TILE_SIZE\"\n") ==
          "THREAD_WORK must divide TILE_SIZE (matmul.cl:28)");
}

TEST_CASE("the proposed defaults are the [<class>.defines] lines of the swept defines") {
    const auto space = space_of("[tune]\nTILE_SIZE = [16, 32]\nTHREAD_WORK = [4, 8]\n", "gpu");
    const auto best = defines({{"THREAD_WORK", "8"}, {"TILE_SIZE", "32"}, {"OTHER", "1"}});
    CHECK(course::defaults_snippet(course::DeviceClass::gpu, space, best) == "[gpu.defines]\nTILE_SIZE = 32\nTHREAD_WORK = 8\n");
}

TEST_CASE("the tune spaces of labs 04-06 hold their defaults, and the defaults launch") {
    for (const char* lab : {"04", "05", "06"}) {
        for (const auto cls : {course::DeviceClass::cpu, course::DeviceClass::gpu}) {
            CAPTURE(lab);
            CAPTURE(course::device_class_name(cls));
            const auto spec = course::load_lab(root(), lab, cls);
            const auto space = course::read_tune_space(spec.settings, spec.device_class, "lab.toml");
            for (const auto& axis : space.axes) {
                CAPTURE(axis.name);
                const auto value = spec.defines.get(axis.name);
                REQUIRE(value);
                CHECK(std::find(axis.values.begin(), axis.values.end(), *value) != axis.values.end());
            }
            CHECK(course::geometry_rejection(spec.geometry, spec.defines, {100, 129, 33}).empty());
            if (cls == course::DeviceClass::gpu) {
                // NVIDIA's OpenCL runs these kernels with at most 256 work-items per group.
                CHECK(course::work_group_items(spec.geometry, spec.defines) <= 256);
            }
        }
    }
}

TEST_CASE("a trial skips configurations that do not build or give wrong results, and keeps right ones") {
    const auto spec = course::load_lab(root(), "06", session().device.device_class);
    const auto kernels = course::kernel_set(root(), "solutions");
    const std::vector<course::ProblemSize> checks = {{37, 50, 17}, {1, 1, 1}};
    const course::ProblemSize timed{64, 64, 64};

    const auto good = course::prepare_trial(
        session(), root(), spec, kernels,
        defines({{"TILE_M", "32"}, {"TILE_N", "32"}, {"TILE_K", "8"}, {"WPT_M", "4"}, {"WPT_N", "4"}}), checks, timed,
        1);
    CHECK(good.skipped.empty());
    CHECK(good.problem != nullptr);

    // WPT_N = 2 divides TILE_N (the geometry allows it) but the kernel's #error refuses it.
    const auto refused = course::prepare_trial(
        session(), root(), spec, kernels,
        defines({{"TILE_M", "32"}, {"TILE_N", "32"}, {"TILE_K", "8"}, {"WPT_M", "4"}, {"WPT_N", "2"}}), checks, timed,
        1);
    CHECK(refused.problem == nullptr);
    CHECK(refused.skipped.find("does not build") != std::string::npos);
    CHECK(refused.skipped.find("multiples of 4") != std::string::npos);

    const auto geometry = course::prepare_trial(session(), root(), spec, kernels,
                                                defines({{"TILE_M", "32"}, {"WPT_M", "64"}}), checks, timed, 1);
    CHECK(geometry.skipped.find("geometry") != std::string::npos);

    // The lab 06 stub builds but computes nothing: wrong, and the reason names the size.
    const auto stub =
        course::prepare_trial(session(), root(), spec, stub_set(), course::Defines{}, checks, timed, 1);
    if (!stub_is_wrong(spec.folder, stub.problem == nullptr)) return;
    CHECK(stub.skipped.find("wrong result at 37×50×17") != std::string::npos);
}
