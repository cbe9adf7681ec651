// The student edition leaves out solutions/, the hidden sizes, the mutants,
// git data and build folders, and copies everything else.
#include "class_grading.hpp"
#include "student_edition.hpp"

#include "util/user_error.hpp"

#include <doctest/doctest.h>

#include <fstream>

#include <unistd.h>

using namespace labcheck;
namespace fs = std::filesystem;

namespace {

void write(const fs::path& path, const std::string& text) {
    fs::create_directories(path.parent_path());
    std::ofstream(path) << text;
}

}  // namespace

TEST_CASE("student edition: instructor-only paths are left out") {
    const fs::path base = fs::temp_directory_path() / ("labcheck-edition-test-" + std::to_string(getpid()));
    fs::remove_all(base);
    const fs::path course = base / "course";
    write(course / "labs/01-transpose-naive/transpose.cl", "stub");
    write(course / "solutions/01-transpose-naive/transpose.cl", "solution");
    write(course / "checker/hidden.toml", "[labs.01]");
    write(course / "checker/README.md", "readme");
    write(course / "checker/mutants/mutants.toml", "");
    write(course / ".git/HEAD", "ref");
    write(course / "build/build.ninja", "");
    write(course / "build/checker/labcheck", "binary");
    write(course / "meson.build", "project()");
    write(course / "kernels/reference/matmul_register_tiles.cl", "a working lab-06 GEMM");
    write(course / "kernels/baselines/matmul_naive.cl", "baseline");

    const auto summary = make_student_edition(course, base / "edition");
    CHECK(summary.files == 4);
    CHECK(summary.left_out ==
          std::vector<std::string>{"checker/hidden.toml", "checker/mutants", "kernels/reference", "solutions"});
    CHECK_FALSE(fs::exists(base / "edition/kernels/reference"));
    CHECK(fs::exists(base / "edition/kernels/baselines/matmul_naive.cl"));
    CHECK(fs::exists(base / "edition/labs/01-transpose-naive/transpose.cl"));
    CHECK(fs::exists(base / "edition/checker/README.md"));
    CHECK(fs::exists(base / "edition/meson.build"));
    CHECK_FALSE(fs::exists(base / "edition/solutions"));
    CHECK_FALSE(fs::exists(base / "edition/checker/hidden.toml"));
    CHECK_FALSE(fs::exists(base / "edition/.git"));
    CHECK_FALSE(fs::exists(base / "edition/build"));

    CHECK_THROWS_WITH_AS(make_student_edition(course, base / "edition"), doctest::Contains("not empty"),
                         course::UserError);
    fs::remove_all(base);
}

TEST_CASE("class folder: one sub-folder per student, hidden ones skipped") {
    const fs::path base = fs::temp_directory_path() / ("labcheck-class-test-" + std::to_string(getpid()));
    fs::remove_all(base);
    fs::create_directories(base / "bob");
    fs::create_directories(base / "alice");
    fs::create_directories(base / ".cache");
    write(base / "notes.txt", "");
    const auto folders = student_folders(base);
    REQUIRE(folders.size() == 2);
    CHECK(folders[0].filename() == "alice");
    CHECK_THROWS_WITH_AS(student_folders(base / "nobody"), doctest::Contains("does not exist"), course::UserError);
    fs::remove_all(base);
}
