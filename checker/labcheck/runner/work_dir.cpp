#include "runner/work_dir.hpp"

#include "runner/child_process.hpp"

#include "util/user_error.hpp"

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <string>

#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

namespace labcheck {

namespace {

// What the signal handler needs, prepared beforehand: it may only make async-signal-safe calls.
char removal_path[4096] = {0};

extern "C" void remove_and_die(int signal) {
    kill_running_children();
    if (removal_path[0] != '\0') {
        const pid_t pid = fork();
        if (pid == 0) {
            char rm[] = "/bin/rm";
            char flags[] = "-rf";
            char* argv[] = {rm, flags, removal_path, nullptr};
            char* envp[] = {nullptr};
            execve(rm, argv, envp);
            _exit(127);
        }
        if (pid > 0) {
            int status = 0;
            while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
            }
        }
    }
    std::signal(signal, SIG_DFL);
    raise(signal);
}

// The pid in "labcheck-<pid>-XXXXXX", or 0 when the name is not of that form.
pid_t pid_in_name(const std::string& name) {
    const std::string prefix = "labcheck-";
    if (name.rfind(prefix, 0) != 0) return 0;
    const auto dash = name.find('-', prefix.size());
    if (dash == std::string::npos || dash == prefix.size()) return 0;
    const std::string digits = name.substr(prefix.size(), dash - prefix.size());
    if (digits.find_first_not_of("0123456789") != std::string::npos || digits.size() > 9) return 0;
    return static_cast<pid_t>(std::stol(digits));
}

}  // namespace

std::filesystem::path temporary_root() {
    const char* tmp = std::getenv("TMPDIR");
    return tmp != nullptr && *tmp != '\0' ? std::filesystem::path(tmp) : std::filesystem::path("/tmp");
}

int remove_dead_work_dirs(const std::filesystem::path& root) {
    int removed = 0;
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator(root, ec)) {
        const pid_t pid = pid_in_name(entry.path().filename().string());
        if (pid <= 0 || pid == getpid()) continue;
        struct stat info {};
        if (lstat(entry.path().c_str(), &info) != 0 || !S_ISDIR(info.st_mode) || info.st_uid != geteuid()) continue;
        if (kill(pid, 0) == 0 || errno != ESRCH) continue;  // still running (or not ours to ask about)
        std::error_code gone;
        std::filesystem::remove_all(entry.path(), gone);
        removed += gone ? 0 : 1;
    }
    return removed;
}

WorkDir::WorkDir(bool keep) : keep_(keep) {
    const auto root = temporary_root();
    remove_dead_work_dirs(root);
    std::string pattern = (root / ("labcheck-" + std::to_string(getpid()) + "-XXXXXX")).string();
    if (mkdtemp(pattern.data()) == nullptr) {
        throw course::UserError(
            {"a writable temporary folder", std::strerror(errno), pattern, "set TMPDIR to a writable folder"});
    }
    path_ = pattern;
}

void WorkDir::remove_on_signal() {
    if (keep_ || path_.string().size() >= sizeof removal_path) return;
    std::strcpy(removal_path, path_.c_str());
    struct sigaction action {};
    action.sa_handler = remove_and_die;
    sigemptyset(&action.sa_mask);
    for (const int signal : {SIGINT, SIGTERM, SIGHUP}) sigaction(signal, &action, nullptr);
}

WorkDir::~WorkDir() {
    if (removal_path[0] != '\0' && path_ == removal_path) removal_path[0] = '\0';
    if (keep_) return;
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
}

}  // namespace labcheck
