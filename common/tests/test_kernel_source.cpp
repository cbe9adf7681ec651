#include "harness/kernel_source.hpp"
#include "util/user_error.hpp"

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>

using namespace course;
namespace fs = std::filesystem;

namespace {
fs::path scratch_dir() {
    const fs::path dir = fs::temp_directory_path() / "course-test-kernel-source";
    fs::create_directories(dir);
    return dir;
}
std::string error_of(const fs::path& path) {
    try {
        (void)read_kernel_source(path, "shown/name.cl");
    } catch (const UserError& e) {
        return e.what();
    }
    return {};
}
}  // namespace

TEST_CASE("kernel files are read with the name the user knows") {
    const fs::path file = scratch_dir() / "ok.cl";
    std::ofstream(file) << "__kernel void k() {}\n";
    const auto src = read_kernel_source(file, "labs/x/ok.cl");
    CHECK(src.display_path == "labs/x/ok.cl");
    CHECK(src.text.find("__kernel") == 0);
}

TEST_CASE("missing files, directories and non-UTF-8 files get clear messages") {
    CHECK(error_of(scratch_dir() / "absent.cl").find("does not exist") != std::string::npos);
    CHECK(error_of(scratch_dir()).find("directory") != std::string::npos);
    const fs::path latin1 = scratch_dir() / "latin1.cl";
    std::ofstream(latin1, std::ios::binary) << "// ok\n// caf\xe9\n";
    const std::string message = error_of(latin1);
    CHECK(message.find("UTF-8") != std::string::npos);
    CHECK(message.find("shown/name.cl:2") != std::string::npos);
}

TEST_CASE("UTF-8 validation") {
    CHECK(first_invalid_utf8("plain") == std::string::npos);
    CHECK(first_invalid_utf8("M×K — ok") == std::string::npos);
    CHECK(first_invalid_utf8("ab\xc3") == 2);
    CHECK(first_invalid_utf8("\xff") == 0);
}
