// util/committed_file: the course's stubs as committed, whatever the working copy holds.
#include "util/committed_file.hpp"

#include <doctest/doctest.h>

#include <cstdlib>
#include <fstream>
#include <sstream>

#include <unistd.h>

using namespace course;
namespace fs = std::filesystem;

namespace {

void write(const fs::path& path, const std::string& text) {
    fs::create_directories(path.parent_path());
    std::ofstream(path, std::ios::binary) << text;
}

std::string read(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// A course of two labs, committed in a git repository of its own.
fs::path committed_course(const std::string& name) {
    const fs::path root = fs::temp_directory_path() / ("committed-file-test-" + std::to_string(getpid()) + name);
    fs::remove_all(root);
    write(root / "labs/01-x/transpose.cl", "// TODO 1\n");
    write(root / "labs/02-y/transpose.cl", "// TODO 2\n");
    write(root / "labs/02-y/README.md", "not a kernel\n");
    const std::string git = "git -C '" + root.string() + "' ";
    REQUIRE(std::system((git + "init -q && " + git + "add -A && " + git +
                         "-c user.name=test -c user.email=test@example.invalid commit -qm stubs")
                            .c_str()) == 0);
    return root;
}

}  // namespace

TEST_CASE("committed files: the commit's text, not the working copy's; nothing outside git") {
    const fs::path root = committed_course("a");
    write(root / "labs/01-x/transpose.cl", "solved\n");
    write(root / "labs/01-x/extra.cl", "not committed\n");
    CHECK(committed_text(root, "labs/01-x/transpose.cl") == std::optional<std::string>("// TODO 1\n"));
    CHECK_FALSE(committed_text(root, "labs/01-x/extra.cl"));
    CHECK_FALSE(committed_text(root, "labs/01-x/missing.cl"));
    // A course in a subfolder of a repository: paths are relative to the course, not to the repository.
    CHECK(committed_text(root / "labs", "01-x/transpose.cl") == std::optional<std::string>("// TODO 1\n"));

    const auto stubs = write_committed_stubs(root, root / "stubs");
    REQUIRE(stubs.size() == 3);
    CHECK(stubs[0].relative == "labs/01-x/extra.cl");
    CHECK_FALSE(stubs[0].committed);
    CHECK(stubs[1].relative == "labs/01-x/transpose.cl");
    CHECK(stubs[1].committed);
    CHECK(stubs[1].edited);
    CHECK(stubs[2].committed);
    CHECK_FALSE(stubs[2].edited);
    CHECK(read(root / "stubs/01-x/transpose.cl") == "// TODO 1\n");
    CHECK(read(root / "stubs/01-x/extra.cl") == "not committed\n");
    CHECK(read(root / "stubs/02-y/transpose.cl") == "// TODO 2\n");
    CHECK_FALSE(fs::exists(root / "stubs/02-y/README.md"));
    fs::remove_all(root);

    // Not a git checkout: the working copy.
    const fs::path plain = fs::temp_directory_path() / ("committed-file-test-" + std::to_string(getpid()) + "plain");
    fs::remove_all(plain);
    write(plain / "labs/01-x/transpose.cl", "as it is\n");
    CHECK_FALSE(committed_text(plain, "labs/01-x/transpose.cl"));
    const auto copied = write_committed_stubs(plain, plain / "stubs");
    REQUIRE(copied.size() == 1);
    CHECK_FALSE(copied[0].committed);
    CHECK(read(plain / "stubs/01-x/transpose.cl") == "as it is\n");
    fs::remove_all(plain);
}
