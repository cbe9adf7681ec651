// Lab numbers as people type them, and what a reader of a submission suggests when a lab folder is misnamed.
#include "description/lab_number.hpp"
#include "description/lab_spec.hpp"
#include "description/submission_layout.hpp"
#include "harness/kernel_source.hpp"
#include "util/user_error.hpp"

#include <doctest/doctest.h>

#include <unistd.h>
#include <filesystem>
#include <fstream>

namespace fs = std::filesystem;

namespace {

fs::path fresh_dir(const std::string& name) {
    const fs::path dir = fs::temp_directory_path() / ("course-test-" + name + "-" + std::to_string(getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}

std::string missing_error(const fs::path& base, const course::MissingPathHint& hint) {
    try {
        (void)course::read_kernel_source(base, "04-matmul-tiled/matmul.cl", "sub/04-matmul-tiled/matmul.cl", hint);
    } catch (const course::UserError& e) {
        return e.what();
    }
    return {};
}

}  // namespace

TEST_CASE("lab numbers from what people type") {
    CHECK(course::lab_number("4") == "04");
    CHECK(course::lab_number("04") == "04");
    CHECK(course::lab_number("04-matmul-tiled") == "04");
    CHECK(course::lab_number("004") == "04");
    CHECK(course::lab_number("12") == "12");
    CHECK(course::lab_number("x") == "");
    CHECK(course::lab_number("") == "");
}

TEST_CASE("a lab is found by its number, its folder name or the start of it, and nothing else") {
    const fs::path root = fs::current_path();
    CHECK(course::find_lab_folder(root, "4") == "04-matmul-tiled");
    CHECK(course::find_lab_folder(root, "04") == "04-matmul-tiled");
    CHECK(course::find_lab_folder(root, "04-matmul-tiled") == "04-matmul-tiled");
    CHECK(course::find_lab_folder(root, "04-matmul") == "04-matmul-tiled");
    CHECK_THROWS_AS(course::find_lab_folder(root, "04-matmul-tiles"), course::UserError);
    CHECK_THROWS_AS(course::find_lab_folder(root, "4-matmul-tiled"), course::UserError);
    CHECK_THROWS_AS(course::find_lab_folder(root, "99"), course::UserError);
}

TEST_CASE("a missing lab folder: the submission layout's hint names the folder with the same number, or labs/") {
    const fs::path sub = fresh_dir("lab-number-hint");
    fs::create_directories(sub / "4");
    std::ofstream(sub / "4" / "matmul.cl") << "kernel void k() {}\n";
    const std::string hinted = missing_error(sub, course::submission_missing_hint);
    CHECK(hinted.find("the folder 04-matmul-tiled/ does not exist") != std::string::npos);
    CHECK(hinted.find("a folder 4/: name it 04-matmul-tiled/ exactly") != std::string::npos);
    // The reader alone knows nothing of lab folders: it says only to check the name.
    const std::string plain = missing_error(sub, {});
    CHECK(plain.find("the folder 04-matmul-tiled/ does not exist") != std::string::npos);
    CHECK(plain.find("name it") == std::string::npos);
    fs::remove_all(sub / "4");
    fs::create_directories(sub / "04");
    CHECK(missing_error(sub, course::submission_missing_hint).find("a folder 04/: name it 04-matmul-tiled/") !=
          std::string::npos);
    fs::remove_all(sub / "04");
    fs::create_directories(sub / "labs" / "04-matmul-tiled");
    CHECK(missing_error(sub, course::submission_missing_hint).find("holds a labs/ folder") != std::string::npos);
    fs::remove_all(sub);
}
