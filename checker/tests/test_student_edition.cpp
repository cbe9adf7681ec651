// The student edition leaves out solutions/, the hidden sizes, the mutants, the
// kernels that answer a lab, git data, build folders and what git ignores, copies
// the stubs as committed, and copies everything else.
#include "class/class_grading.hpp"
#include "edition/edition_text.hpp"
#include "edition/package_gradescope.hpp"
#include "edition/student_edition.hpp"

#include "util/user_error.hpp"

#include <doctest/doctest.h>

#include <cstdlib>
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

    write(course / "kernels/benchmarks/copy.cl", "a copy");
    write(course / "common/tests/test_answers.cpp", "// Tests.\n// full clone only: an answer to lab 01\n");
    write(course / "common/tests/test_plain.cpp", "// Tests. The marker `// full clone only:` in a line's middle\n");

    const auto summary = make_student_edition(course, base / "edition");
    CHECK(summary.files == 5);
    CHECK(summary.full_clone_only == std::vector<std::string>{"common/tests/test_answers.cpp"});
    CHECK_FALSE(fs::exists(base / "edition/common/tests/test_answers.cpp"));
    CHECK(fs::exists(base / "edition/common/tests/test_plain.cpp"));
    CHECK(summary.left_out == std::vector<std::string>{"checker/hidden.toml", "checker/mutants", "kernels/baselines",
                                                       "kernels/reference", "solutions"});
    CHECK(summary.committed_stubs.empty());  // not a git checkout: the working copy
    CHECK_FALSE(fs::exists(base / "edition/kernels/reference"));
    CHECK_FALSE(fs::exists(base / "edition/kernels/baselines"));  // the naive kernels answer labs 01 and 03
    CHECK(fs::exists(base / "edition/kernels/benchmarks/copy.cl"));
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

TEST_CASE("student edition: the stubs as committed, whatever the working copy holds") {
    const fs::path base = fs::temp_directory_path() / ("labcheck-edition-git-" + std::to_string(getpid()));
    fs::remove_all(base);
    const fs::path course = base / "course";
    write(course / "labs/01-transpose-naive/transpose.cl", "// TODO 1\n");
    write(course / "labs/01-transpose-naive/README.md", "# Lab 01\n");
    write(course / "labs/03-matmul-naive/matmul.cl", "// TODO 1\n");
    write(course / ".gitignore", "/.carry/\n*.swp\n");
    const std::string git = "git -C '" + course.string() + "' ";
    REQUIRE(std::system((git + "init -q && " + git + "add -A && " + git +
                         "-c user.name=test -c user.email=test@example.invalid commit -qm stubs")
                            .c_str()) == 0);
    write(course / "labs/01-transpose-naive/transpose.cl", "solved\n");  // the instructor's own answer
    write(course / "labs/01-transpose-naive/README.md", "# Lab 01, edited\n");  // not a kernel: as it is
    // What git ignores: a device carry folder with a copy of the solutions, an editor's swap file.
    write(course / ".carry/tree/solutions/01-transpose-naive/transpose.cl", "the solution\n");
    write(course / "labs/01-transpose-naive/.transpose.cl.swp", "the solution, being edited\n");
    write(course / "labs/02-transpose-local/transpose.cl", "// TODO 1, a lab not committed yet\n");

    const auto summary = make_student_edition(course, base / "edition");
    CHECK(summary.committed_stubs == std::vector<std::string>{"labs/01-transpose-naive/transpose.cl"});
    std::ifstream stub(base / "edition/labs/01-transpose-naive/transpose.cl");
    std::string line;
    std::getline(stub, line);
    CHECK(line == "// TODO 1");
    std::ifstream readme(base / "edition/labs/01-transpose-naive/README.md");
    std::getline(readme, line);
    CHECK(line == "# Lab 01, edited");
    CHECK(fs::exists(base / "edition/labs/03-matmul-naive/matmul.cl"));
    CHECK_FALSE(fs::exists(base / "edition/.git"));
    CHECK_FALSE(fs::exists(base / "edition/.carry"));
    CHECK_FALSE(fs::exists(base / "edition/labs/01-transpose-naive/.transpose.cl.swp"));
    CHECK(summary.ignored == std::vector<std::string>{".carry", "labs/01-transpose-naive/.transpose.cl.swp"});
    CHECK(fs::exists(base / "edition/labs/02-transpose-local/transpose.cl"));  // untracked, not ignored: copied
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

TEST_CASE("student edition: full-clone-only parts of Markdown are left out, unbalanced markers are errors") {
    const std::string text =
        "# Course\n"
        "keep\n"
        "<!-- full clone only -->\n"
        "- `solutions/` holds the kernels\n"
        "<!-- end full clone only -->\n"
        "lab run 01 --solution   # the instructor's (full clone only)\n"
        "| `labs/` | yours |\n";
    CHECK(student_markdown(text, "README.md") == "# Course\nkeep\n| `labs/` | yours |\n");
    CHECK_THROWS_WITH_AS(student_markdown("<!-- full clone only -->\nx\n", "README.md"),
                         doctest::Contains("README.md:1"), course::UserError);
    CHECK_THROWS_WITH_AS(student_markdown("x\n<!-- end full clone only -->\n", "labs/01/README.md"),
                         doctest::Contains("labs/01/README.md:2"), course::UserError);
}

TEST_CASE("student edition: a file marks itself full clone only in its first lines, as a comment") {
    CHECK(full_clone_only_file("// full clone only: its kernels answer lab 01\n#include <x>\n"));
    CHECK(full_clone_only_file("#!/usr/bin/env python3\n  # full clone only: a right kernel\n"));
    CHECK(full_clone_only_file(std::string(11, '\n') + "// full clone only: the 12th line\n"));
    CHECK_FALSE(full_clone_only_file(std::string(12, '\n') + "// full clone only: the 13th line\n"));
    CHECK_FALSE(full_clone_only_file("x = 1;  // full clone only: not at the start\n"));
    CHECK_FALSE(full_clone_only_file("// Full clone only, in other words\n"));
}

TEST_CASE("student edition: slides_solutions defaults to false there") {
    const std::string options = "option('slides', type : 'feature', value : 'auto')\n"
                                "option('slides_solutions', type : 'boolean', value : true,\n"
                                "       description : 'x')\n";
    const std::string edited = student_meson_options(options);
    CHECK(edited.find("option('slides_solutions', type : 'boolean', value : false,") != std::string::npos);
    CHECK(edited.find("value : 'auto'") != std::string::npos);
    CHECK_THROWS_WITH_AS(student_meson_options("option('slides', type : 'feature', value : 'auto')\n"),
                         doctest::Contains("slides_solutions"), course::UserError);
    CHECK(student_meson_options(edited) == edited);  // an edition made from an edition

    // The edition of a course applies both.
    const fs::path base = fs::temp_directory_path() / ("labcheck-edition-text-" + std::to_string(getpid()));
    fs::remove_all(base);
    write(base / "course/labs/01-x/README.md", "a\n<!-- full clone only -->\nb\n<!-- end full clone only -->\n");
    write(base / "course/meson_options.txt", options);
    make_student_edition(base / "course", base / "edition");
    std::ifstream readme(base / "edition/labs/01-x/README.md");
    std::string first;
    std::getline(readme, first);
    CHECK(first == "a");
    CHECK(fs::file_size(base / "edition/labs/01-x/README.md") == 2);
    fs::remove_all(base);
}

TEST_CASE("the Gradescope package's settings: a stage's visibility, checked when given, written to gradescope.conf") {
    CHECK(test_visibility_error("barriers=after_due_date").empty());
    CHECK(test_visibility_error("speedup=hidden").empty());
    CHECK(test_visibility_error("speed=hidden").find("STAGE build, correctness, barriers or speedup") !=
          std::string::npos);
    CHECK(test_visibility_error("barriers=later").find("one of visible, hidden, after_due_date, after_published") !=
          std::string::npos);
    CHECK_FALSE(test_visibility_error("barriers").empty());  // the visibility is missing
    const std::string conf = gradescope_conf({{"04-matmul-tiled", "matmul.cl"}}, {"barriers=after_due_date"});
    CHECK(conf.find("\nlab = 04-matmul-tiled/matmul.cl\nvisibility = barriers=after_due_date\n") != std::string::npos);
}
