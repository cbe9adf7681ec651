// The harness tells right from wrong the way a student writes code:
//   - every kernel in styles/ is a correct kernel written differently from the
//     solution (1-D local arrays, int indices, fma/mad, helpers): it must pass;
//   - every kernel in mistakes/ has one classic bug (missing guard, K edge not
//     zero-filled, wrong stride, swapped index, accumulator not zeroed, ...):
//     it must be reported wrong, with a message that names an element of c.
// A file's name starts with the lab it follows ("04_..."); its first comment
// says what it is. Adding a file adds a case.
#include "lab_fixture.hpp"

#include <doctest/doctest.h>

#include <algorithm>

using namespace course_tests;
namespace fs = std::filesystem;

namespace {

std::vector<fs::path> kernels_in(const std::string& folder) {
    std::vector<fs::path> files;
    for (const auto& entry : fs::directory_iterator(root() / "solutions" / "tests" / folder)) {
        if (entry.path().extension() == ".cl") files.push_back(entry.path());
    }
    std::sort(files.begin(), files.end());
    return files;
}

std::string lab_of(const fs::path& file) {
    return file.filename().string().substr(0, 2);
}

// Lab 05's mistakes run with several work-items per row of a work-group: with
// THREAD_WORK = TILE_SIZE (PoCL's default) a wrong column stride can go unseen.
std::unique_ptr<course::LabProblem> open_mistake(const fs::path& file) {
    if (lab_of(file) == "05") return open_file("05", file, {{"TILE_SIZE", "32"}, {"THREAD_WORK", "8"}});
    return open_file(lab_of(file), file);
}

}  // namespace

TEST_CASE("correct kernels in other styles pass at every contract size") {
    const auto files = kernels_in("styles");
    REQUIRE(files.size() >= 5);
    for (const auto& file : files) {
        CAPTURE(file.filename().string());
        const auto spec = course::load_lab(root(), lab_of(file), session().device.device_class);
        const auto problem = open_file(lab_of(file), file);
        for (const auto& v : check_sizes(*problem, spec.check_sizes, 3)) {
            CHECK_MESSAGE(v.ok, course::size_text(v.size, problem->size_form()) << ": " << v.problem);
        }
    }
}

TEST_CASE("kernels with a classic mistake are reported wrong, naming an element of c") {
    const auto files = kernels_in("mistakes");
    REQUIRE(files.size() >= 10);
    for (const auto& file : files) {
        CAPTURE(file.filename().string());
        const auto spec = course::load_lab(root(), lab_of(file), session().device.device_class);
        const auto problem = open_mistake(file);
        const auto verdicts = check_sizes(*problem, spec.check_sizes, 3);
        const auto wrong = std::find_if(verdicts.begin(), verdicts.end(), [](const auto& v) { return !v.ok; });
        REQUIRE_MESSAGE(wrong != verdicts.end(), "the mistake passed every size");
        INFO(wrong->problem);
        CHECK(wrong->problem.find("c[") != std::string::npos);
    }
}

TEST_CASE("a wrong result comes with a map of the output, below the first wrong element") {
    // checker/mutants: a lab-02 kernel that stores without the bounds test. At 37×50 with 16×16
    // tiles, work-items of the margin store past the end of at (the rows of # below the map) and,
    // racing with the rightful writers, over some of its elements: which of those hold a wrong
    // value depends on the order the work-items ran in, so only the map's frame is checked here.
    const auto unguarded = open_file("02", root() / "checker/mutants/runtime/02-transpose-local/unguarded_store.cl",
                                     {{"TILE_SIZE", "16"}});
    const auto verdict = check_sizes(*unguarded, {"37x50"});
    REQUIRE_FALSE(verdict[0].ok);
    const std::string& text = verdict[0].problem;
    CHECK(text.rfind("out-of-bounds write", 0) == 0);  // the first sentence stays the summary
    CHECK(text.find("map of at (50×37; each character is 4 rows × 2 columns):\n") != std::string::npos);
    CHECK(text.find("  column  0       16      32\n") != std::string::npos);
    CHECK(text.find("\n  row 48  ") != std::string::npos);  // the matrix's last line of cells
    CHECK(text.find("\n  row 50  #") != std::string::npos);  // the first row past its end
    CHECK(text.find("# written out of bounds") != std::string::npos);
}
