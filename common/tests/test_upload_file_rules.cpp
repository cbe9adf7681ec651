#include "harness/kernel_source.hpp"
#include "harness/upload_file_rules.hpp"
#include "util/user_error.hpp"

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>

#include <unistd.h>

using namespace course;
namespace fs = std::filesystem;

namespace {

fs::path fresh_dir(const std::string& name) {
    const fs::path dir = fs::temp_directory_path() / ("course-test-upload-" + name + "-" + std::to_string(getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}

std::string refusal_of(const fs::path& base, const fs::path& inside) {
    try {
        (void)read_kernel_source(base, inside, "alice/04-matmul-tiled/matmul.cl");
    } catch (const UserError& e) {
        return e.what();
    }
    return {};
}

UploadFileFacts facts(std::uint64_t links, unsigned owner, std::vector<unsigned> folders) {
    return {"matmul.cl", links, owner, std::move(folders)};
}

}  // namespace

TEST_CASE("a file with one name, owned like a folder of the submission, is the upload's own") {
    CHECK_FALSE(upload_file_refusal(facts(1, 1000, {1000, 1000})));
    CHECK_FALSE(upload_file_refusal(facts(1, 0, {0, 0})));          // Gradescope: copied by root into root's folder
    CHECK_FALSE(upload_file_refusal(facts(1, 1001, {0, 1001})));    // a class unpacked as root, the student's owner kept
    CHECK_FALSE(upload_file_refusal(facts(1, 1001, {1000, 1001})));  // the lab folder is the student's
}

TEST_CASE("a hard link is refused, whoever owns it") {
    const auto refusal = upload_file_refusal(facts(2, 1000, {1000}));
    REQUIRE(refusal);
    CHECK(refusal->happened.find("matmul.cl is a hard link: the same file has 2 names") != std::string::npos);
    CHECK(refusal->try_this.find("copy the file instead of linking it") != std::string::npos);
    CHECK(upload_file_refusal(facts(0, 1000, {1000})));  // a file with no name left is no upload either
}

TEST_CASE("a file owned by someone else than the submission's folders is refused") {
    const auto refusal = upload_file_refusal(facts(1, 0, {1000, 1000}));
    REQUIRE(refusal);
    CHECK(refusal->happened.find("matmul.cl belongs to root (uid 0)") != std::string::npos);
    CHECK(refusal->happened.find("uid 1000") != std::string::npos);
    CHECK(refusal->try_this.find("--no-same-owner") != std::string::npos);
    CHECK(upload_file_refusal(facts(1, 4242, {0, 1000, 1001})));
    CHECK(user_text(0) == "root (uid 0)");
}

TEST_CASE("read_kernel_source refuses a hard link to a file outside the submission, and names it") {
    const fs::path sub = fresh_dir("hardlink");
    const fs::path outside = fresh_dir("hardlink-outside");
    std::ofstream(outside / "secret.txt") << "SECRET-CANARY\n";
    fs::create_directories(sub / "04-matmul-tiled");
    fs::create_hard_link(outside / "secret.txt", sub / "04-matmul-tiled" / "matmul.cl");
    const std::string message = refusal_of(sub, "04-matmul-tiled/matmul.cl");
    CHECK(message.find("matmul.cl is a hard link") != std::string::npos);
    CHECK(message.find("alice/04-matmul-tiled/matmul.cl") != std::string::npos);
    CHECK(message.find("copy the file instead of linking it") != std::string::npos);
    CHECK(message.find("SECRET") == std::string::npos);
    // the two-argument form too
    CHECK_THROWS_AS(read_kernel_source(sub / "04-matmul-tiled" / "matmul.cl", "x"), UserError);
    // once the other name is gone the file is the submission's own
    fs::remove(outside / "secret.txt");
    CHECK(read_kernel_source(sub, "04-matmul-tiled/matmul.cl", "x").text == "SECRET-CANARY\n");
    fs::remove_all(sub);
    fs::remove_all(outside);
}

TEST_CASE("read_kernel_source refuses a file another user owns (run as root)") {
    if (geteuid() != 0) {
        MESSAGE("not root: the ownership refusal is covered by the decision's own test above");
        return;
    }
    const fs::path sub = fresh_dir("owner");
    fs::create_directories(sub / "04-matmul-tiled");
    const fs::path file = sub / "04-matmul-tiled" / "matmul.cl";
    std::ofstream(file) << "kernel void k() {}\n";
    CHECK(read_kernel_source(sub, "04-matmul-tiled/matmul.cl", "x").text == "kernel void k() {}\n");
    REQUIRE(chown(file.c_str(), 65534, 65534) == 0);
    CHECK(refusal_of(sub, "04-matmul-tiled/matmul.cl").find("matmul.cl belongs to") != std::string::npos);
    REQUIRE(chown((sub / "04-matmul-tiled").c_str(), 65534, 65534) == 0);  // the lab folder is that user's
    CHECK(read_kernel_source(sub, "04-matmul-tiled/matmul.cl", "x").text == "kernel void k() {}\n");
    fs::remove_all(sub);
}
