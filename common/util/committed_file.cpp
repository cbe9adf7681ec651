#include "util/committed_file.hpp"

#include "util/user_error.hpp"

#include <algorithm>
#include <cerrno>
#include <fstream>
#include <sstream>

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace course {

namespace fs = std::filesystem;

namespace {

std::string working_copy_text(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// Runs `argv` (no shell), its standard output read into `out`, its errors dropped. True when it exits 0.
bool run_and_read(const std::vector<std::string>& argv, std::string& out) {
    int pipe_ends[2];
    if (pipe2(pipe_ends, O_CLOEXEC) != 0) return false;
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, pipe_ends[1], STDOUT_FILENO);
    posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
    std::vector<char*> args;
    for (const auto& arg : argv) args.push_back(const_cast<char*>(arg.c_str()));
    args.push_back(nullptr);
    pid_t pid = 0;
    const int spawned = posix_spawnp(&pid, args[0], &actions, nullptr, args.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    close(pipe_ends[1]);
    if (spawned != 0) {
        close(pipe_ends[0]);
        return false;
    }
    char buffer[65536];
    for (ssize_t n; (n = read(pipe_ends[0], buffer, sizeof buffer)) != 0;) {
        if (n > 0) out.append(buffer, static_cast<std::size_t>(n));
        else if (errno != EINTR) break;
    }
    close(pipe_ends[0]);
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

std::vector<fs::path> stub_kernels(const fs::path& labs) {
    std::vector<fs::path> files;
    std::error_code ec;
    for (const auto& folder : fs::directory_iterator(labs, ec)) {
        if (!folder.is_directory()) continue;
        for (const auto& file : fs::directory_iterator(folder.path(), ec)) {
            if (file.is_regular_file() && file.path().extension() == ".cl") files.push_back(file.path());
        }
    }
    std::sort(files.begin(), files.end());
    return files;
}

}  // namespace

std::optional<std::string> committed_text(const fs::path& root, const std::string& relative) {
    std::string text;
    if (!run_and_read({"git", "-C", root.string(), "cat-file", "blob", "HEAD:./" + relative}, text)) return std::nullopt;
    return text;
}

std::optional<std::vector<std::string>> ignored_paths(const fs::path& root) {
    std::string listing;
    if (!run_and_read({"git", "-C", root.string(), "ls-files", "-z", "--others", "--ignored", "--exclude-standard",
                       "--directory"},
                      listing)) {
        return std::nullopt;
    }
    std::vector<std::string> paths;
    std::istringstream in(listing);
    for (std::string path; std::getline(in, path, '\0');) {
        if (!path.empty()) paths.push_back(path);
    }
    return paths;
}

std::vector<StubFile> write_committed_stubs(const fs::path& root, const fs::path& target) {
    std::vector<StubFile> stubs;
    for (const auto& path : stub_kernels(root / "labs")) {
        StubFile stub;
        stub.relative = path.lexically_relative(root).generic_string();
        const std::string working = working_copy_text(path);
        const auto committed = committed_text(root, stub.relative);
        stub.committed = committed.has_value();
        stub.edited = committed && *committed != working;
        const fs::path to = target / path.parent_path().filename() / path.filename();
        std::error_code ec;
        fs::create_directories(to.parent_path(), ec);
        std::ofstream out(to, std::ios::binary);
        out << committed.value_or(working);
        if (ec || !out.flush()) {
            throw UserError({"a folder the stubs can be written to", ec ? ec.message() : "the write failed",
                             to.string(), "check the permissions and the free space there"});
        }
        stubs.push_back(stub);
    }
    return stubs;
}

}  // namespace course
