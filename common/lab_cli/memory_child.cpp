#include "memory_child.hpp"

#include "progress_line.hpp"
#include "util/user_error.hpp"

#include <fmt/format.h>

#include <chrono>
#include <csignal>
#include <fstream>
#include <sstream>
#include <thread>

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace course {

namespace fs = std::filesystem;

namespace {

// The plugin's exit status after a runaway work-item (memory_lens_plugin.cpp's kRunawayExit).
constexpr int kRunawayExit = 75;

std::vector<std::string> child_environment(const MemoryChildFiles& files, std::uint32_t warp) {
    std::vector<std::string> environment;
    for (char** entry = environ; *entry != nullptr; ++entry) {
        const std::string text = *entry;
        if (text.rfind("LAB_DEVICE=", 0) != 0 && text.rfind("MEMORY_LENS_", 0) != 0) environment.push_back(text);
    }
    environment.push_back("MEMORY_LENS_OUTPUT=" + files.report.string());
    environment.push_back("MEMORY_LENS_PROGRESS=" + files.progress.string());
    environment.push_back("MEMORY_LENS_WARP=" + std::to_string(warp));
    return environment;
}

pid_t spawn_child(const std::vector<std::string>& argv, const std::vector<std::string>& environment,
                  const fs::path& log) {
    std::vector<char*> args, env;
    for (const auto& arg : argv) args.push_back(const_cast<char*>(arg.c_str()));
    for (const auto& entry : environment) env.push_back(const_cast<char*>(entry.c_str()));
    args.push_back(nullptr);
    env.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    posix_spawn_file_actions_adddup2(&actions, STDOUT_FILENO, STDERR_FILENO);
    posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
    pid_t pid = 0;
    const int spawned = posix_spawnp(&pid, args[0], &actions, nullptr, args.data(), env.data());
    posix_spawn_file_actions_destroy(&actions);
    if (spawned != 0) {
        throw UserError({"Oclgrind (the command oclgrind) to run the kernel under", "it could not be started",
                         "PATH", "sudo apt-get install oclgrind"});
    }
    return pid;
}

// The plugin's progress line: "groups DONE TOTAL" or "runaway LINE INSTRUCTIONS".
void read_progress(const fs::path& progress, MemoryChildEnd& end) {
    std::ifstream in(progress);
    std::string word;
    if (!(in >> word)) return;
    if (word == "groups") {
        in >> end.groups_done >> end.groups_total;
    } else if (word == "runaway") {
        in >> end.runaway_line >> end.runaway_instructions;
        end.ending = ChildEnding::runaway;
    }
}

}  // namespace

MemoryChildEnd run_memory_child(const std::vector<std::string>& argv, const MemoryChildFiles& files,
                                std::uint32_t warp, int limit_seconds) {
    const pid_t pid = spawn_child(argv, child_environment(files, warp), files.log);
    const auto start = std::chrono::steady_clock::now();
    const ProgressLine line;
    MemoryChildEnd end;
    int status = 0;
    while (waitpid(pid, &status, WNOHANG) == 0) {
        const auto waited = std::chrono::steady_clock::now() - start;
        if (waited > std::chrono::seconds(limit_seconds)) {
            kill(pid, SIGKILL);
            waitpid(pid, &status, 0);
            read_progress(files.progress, end);
            end.ending = ChildEnding::timed_out;
            return end;
        }
        read_progress(files.progress, end);
        if (end.groups_total > 0) {
            line.show(fmt::format("  simulated {} of {} work-groups ({} s)", end.groups_done, end.groups_total,
                                  std::chrono::duration_cast<std::chrono::seconds>(waited).count()));
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
    }
    end.status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    read_progress(files.progress, end);
    if (end.ending != ChildEnding::runaway || end.status != kRunawayExit) end.ending = ChildEnding::exited;
    return end;
}

}  // namespace course
