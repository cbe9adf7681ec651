// For every lab folder: the solution is right at every size its lab.toml
// checks, and the stub builds, runs, and is reported wrong (not crashed).
#include "lab_fixture.hpp"

#include <doctest/doctest.h>

using namespace course_tests;

TEST_CASE("every solution is right at its lab's contract sizes, and every stub builds and is wrong") {
    const auto folders = course::lab_folders(root());
    REQUIRE(folders.size() >= 2);
    for (const auto& folder : folders) {
        CAPTURE(folder);
        const auto spec = course::load_lab(root(), folder, session().device.device_class);
        const auto solution = open(folder, "solutions");
        for (const auto& verdict : check_sizes(*solution, spec.check_sizes)) {
            CHECK_MESSAGE(verdict.ok, course::size_text(verdict.size, solution->size_form())
                                          << ": " << verdict.problem);
        }
        const auto stub = open(folder, stub_set().dir.string());
        const auto verdicts = check_sizes(*stub, {spec.check_sizes.front(), spec.check_sizes.back()});
        const bool any_wrong = std::any_of(verdicts.begin(), verdicts.end(), [](const auto& v) { return !v.ok; });
        stub_is_wrong(folder, any_wrong);
        for (const auto& v : verdicts) {
            if (!v.ok) CHECK_FALSE(v.problem.empty());  // a wrong size always says why
        }
    }
}

TEST_CASE("the transpose solutions are right with other tile sizes and seeds") {
    for (const char* lab : {"01", "02"}) {
        for (const char* tile : {"1", "4", "8", "32"}) {
            CAPTURE(lab);
            CAPTURE(tile);
            const auto problem = open(lab, "solutions", {{"TILE_SIZE", tile}});
            for (const auto& v : check_sizes(*problem, {"1x1", "37x50", "33x17", "64x64"}, 7)) CHECK(v.ok);
        }
    }
}
