#include "runner/child_process.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <sstream>
#include <utility>

#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace labcheck {

namespace {

using Clock = std::chrono::steady_clock;

constexpr int kPollMilliseconds = 50;  // how often memory and the clock are looked at

// Everything the child needs, prepared before fork() so the child allocates nothing.
struct PreparedExec {
    std::string program;
    std::vector<std::string> argument_storage;
    std::vector<std::string> environment_storage;
    std::vector<char*> argv;
    std::vector<char*> envp;
};

PreparedExec prepare(const ChildCommand& command) {
    PreparedExec exec;
    exec.program = command.argv.front();
    if (exec.program.find('/') == std::string::npos) exec.program = find_in_path(exec.program);
    exec.argument_storage = command.argv;
    for (char** entry = environ; entry != nullptr && *entry != nullptr; ++entry) {
        const std::string text = *entry;
        const auto name = text.substr(0, text.find('='));
        bool replaced = false;
        for (const auto& [key, value] : command.environment) replaced = replaced || key == name;
        if (!replaced) exec.environment_storage.push_back(text);
    }
    for (const auto& [key, value] : command.environment) exec.environment_storage.push_back(key + "=" + value);
    for (auto& a : exec.argument_storage) exec.argv.push_back(a.data());
    exec.argv.push_back(nullptr);
    for (auto& e : exec.environment_storage) exec.envp.push_back(e.data());
    exec.envp.push_back(nullptr);
    return exec;
}

void set_limit(int resource, std::uint64_t bytes) {
    if (bytes == 0) return;
    rlimit limit{static_cast<rlim_t>(bytes), static_cast<rlim_t>(bytes)};
    setrlimit(resource, &limit);
}

// In the child, between fork and exec: async-signal-safe calls only.
[[noreturn]] void become_child(const PreparedExec& exec, const ChildLimits& limits, int output_fd, int null_fd,
                               int error_pipe, const char* working_dir) {
    setpgid(0, 0);
    if (working_dir != nullptr && chdir(working_dir) != 0) {
        const int error = errno;
        [[maybe_unused]] const auto written = write(error_pipe, &error, sizeof error);
        _exit(127);
    }
    prctl(PR_SET_PDEATHSIG, SIGKILL);  // the grader died: do not run on alone
    set_limit(RLIMIT_DATA, limits.data_bytes);
    set_limit(RLIMIT_FSIZE, limits.file_bytes);
    rlimit no_core{0, 0};
    setrlimit(RLIMIT_CORE, &no_core);
    dup2(null_fd, STDIN_FILENO);
    dup2(output_fd, STDOUT_FILENO);
    dup2(output_fd, STDERR_FILENO);
    execve(exec.program.c_str(), exec.argv.data(), exec.envp.data());
    const int error = errno;
    [[maybe_unused]] const auto written = write(error_pipe, &error, sizeof error);
    _exit(127);
}

std::uint64_t resident_bytes_of(pid_t pid) {
    std::ifstream statm(fmt::format("/proc/{}/statm", pid));
    std::uint64_t total_pages = 0, resident_pages = 0;
    if (!(statm >> total_pages >> resident_pages)) return 0;
    return resident_pages * static_cast<std::uint64_t>(sysconf(_SC_PAGESIZE));
}

int open_pidfd(pid_t pid) {
#ifdef SYS_pidfd_open
    return static_cast<int>(syscall(SYS_pidfd_open, pid, 0));
#else
    (void)pid;
    return -1;
#endif
}

// The process groups of the children running now (0: a free slot), for kill_running_children.
constexpr std::size_t kChildSlots = 256;
std::atomic<pid_t> running_groups[kChildSlots];

std::size_t remember_child(pid_t pid) {
    for (std::size_t i = 0; i < kChildSlots; ++i) {
        pid_t free = 0;
        if (running_groups[i].compare_exchange_strong(free, pid)) return i;
    }
    return kChildSlots;
}

// Set by stop_all_children: no child starts any more.
std::atomic<bool> stopping{false};
static_assert(std::atomic<bool>::is_always_lock_free, "stop_all_children runs in a signal handler");

void forget_child(std::size_t slot) {
    if (slot < kChildSlots) running_groups[slot].store(0);
}

std::int64_t size_of_file(const std::filesystem::path& file) {
    struct stat info {};
    return stat(file.c_str(), &info) == 0 ? static_cast<std::int64_t>(info.st_size) : -1;
}

// The last line of `file` (an events file: short lines), without its newline.
std::string last_line_of(const std::filesystem::path& file) {
    std::ifstream in(file, std::ios::binary);
    in.seekg(0, std::ios::end);
    const std::streamoff size = in.tellg();
    if (size <= 0) return {};
    const std::streamoff start = size > 4096 ? size - 4096 : 0;
    in.seekg(start);
    std::string tail(static_cast<std::size_t>(size - start), '\0');
    in.read(tail.data(), static_cast<std::streamsize>(tail.size()));
    while (!tail.empty() && tail.back() == '\n') tail.pop_back();
    const auto newline = tail.rfind('\n');
    return newline == std::string::npos ? tail : tail.substr(newline + 1);
}

// Which of `steps` a progress line starts (its index), or -1 for none.
int step_started_by(const std::string& line, const std::vector<StepLimit>& steps) {
    for (std::size_t i = 0; i < steps.size(); ++i) {
        if (!steps[i].marker.empty() && line.find(steps[i].marker) != std::string::npos) return static_cast<int>(i);
    }
    return -1;
}

// The CPU time (user and system, in clock ticks) of each thread of a process, by thread id.
std::map<long, std::uint64_t> thread_cpu_ticks(pid_t pid) {
    std::map<long, std::uint64_t> ticks;
    std::error_code ec;
    for (const auto& task : std::filesystem::directory_iterator(fmt::format("/proc/{}/task", pid), ec)) {
        std::ifstream stat(task.path() / "stat");
        std::string text;
        std::getline(stat, text);
        // The command name (field 2) is in parentheses and may hold spaces: count fields after its ")".
        const auto close = text.rfind(')');
        if (close == std::string::npos) continue;
        std::istringstream fields(text.substr(close + 2));
        std::string field;
        std::uint64_t utime = 0, stime = 0;
        for (int i = 3; i <= 15 && fields >> field; ++i) {
            if (i == 14) utime = std::strtoull(field.c_str(), nullptr, 10);
            if (i == 15) stime = std::strtoull(field.c_str(), nullptr, 10);
        }
        ticks[std::strtol(task.path().filename().c_str(), nullptr, 10)] = utime + stime;
    }
    return ticks;
}

// The step a child is in, and how long it has lasted on its clock.
class StepWatch {
public:
    StepWatch(pid_t pid, const ChildLimits& limits) : pid_(pid), limits_(limits) {}

    // A new line in the progress file: the step it starts (-1: none) begins now.
    void new_line(int step, Clock::time_point now) {
        close_step(now);
        step_ = step;
        started_ = now;
        busiest_seconds_ = 0.0;
        cpu_read_at_ = now;
        if (step_ >= 0 && current().clock == StepClock::busiest_thread_cpu) cpu_at_start_ = thread_cpu_ticks(pid_);
    }

    // Whether the current step has passed its limit; `seconds` is then how long it lasted on its clock.
    bool over_limit(Clock::time_point now, double& seconds, bool& on_backstop) {
        if (step_ < 0 || current().seconds <= 0.0) return false;
        const double wall = wall_seconds(now);
        const StepLimit& limit = current();
        if (limit.clock == StepClock::wall) {
            seconds = wall;
            return wall > limit.seconds;
        }
        // The threads' clocks are read four times a second: enough for limits of seconds.
        if (now - cpu_read_at_ >= std::chrono::milliseconds(250)) {
            busiest_seconds_ = busiest_thread_seconds();
            cpu_read_at_ = now;
        }
        seconds = busiest_seconds_;
        if (seconds > limit.seconds) return true;
        if (limit.wall_backstop_seconds > 0.0 && wall > limit.wall_backstop_seconds) {
            seconds = wall;
            on_backstop = true;
            return true;
        }
        return false;
    }

    const StepLimit& current() const { return limits_.steps[static_cast<std::size_t>(step_)]; }
    // How long the current step has lasted on the wall clock.
    double wall_seconds(Clock::time_point now) const { return std::chrono::duration<double>(now - started_).count(); }

    // Seconds spent so far in steps that do not count against the job's wall clock.
    double outside_job_clock(Clock::time_point now) const {
        const bool outside = step_ >= 0 && current().outside_job_clock;
        return outside_seconds_ + (outside ? std::chrono::duration<double>(now - started_).count() : 0.0);
    }

private:
    void close_step(Clock::time_point now) {
        if (step_ >= 0 && current().outside_job_clock)
            outside_seconds_ += std::chrono::duration<double>(now - started_).count();
    }

    // The most CPU time one thread of the child used since the step began.
    double busiest_thread_seconds() const {
        static const double ticks_per_second = static_cast<double>(sysconf(_SC_CLK_TCK));
        std::uint64_t busiest = 0;
        for (const auto& [thread, ticks] : thread_cpu_ticks(pid_)) {
            const auto before = cpu_at_start_.find(thread);
            const std::uint64_t used = ticks - (before == cpu_at_start_.end() ? 0 : std::min(ticks, before->second));
            busiest = std::max(busiest, used);
        }
        return static_cast<double>(busiest) / ticks_per_second;
    }

    pid_t pid_;
    const ChildLimits& limits_;
    int step_ = -1;
    Clock::time_point started_ = Clock::now();
    std::map<long, std::uint64_t> cpu_at_start_;
    double busiest_seconds_ = 0.0;
    Clock::time_point cpu_read_at_ = Clock::now();
    double outside_seconds_ = 0.0;
};

// Bytes of the files under `folder` (not following links).
std::uint64_t folder_size(const std::filesystem::path& folder) {
    std::uint64_t total = 0;
    std::error_code ec;
    for (auto it = std::filesystem::recursive_directory_iterator(folder, ec);
         !ec && it != std::filesystem::recursive_directory_iterator(); it.increment(ec)) {
        std::error_code size_error;
        if (it->is_regular_file(size_error)) {
            const auto size = it->file_size(size_error);
            if (!size_error) total += size;
        }
    }
    return total;
}

struct Watched {
    ChildEnd end = ChildEnd::exited;
    bool stalled = false;
    StepLimit stalled_step;
    double stalled_step_seconds = 0.0;
    double stalled_step_wall_seconds = 0.0;
    bool stalled_on_wall_backstop = false;
    double outside_job_clock_seconds = 0.0;
};

// Whether the child has ended (its pidfd turned readable), waiting up to one poll interval.
bool ended(pid_t pid, int pidfd) {
    if (pidfd >= 0) {
        pollfd fd{pidfd, POLLIN, 0};
        return poll(&fd, 1, kPollMilliseconds) > 0;
    }
    siginfo_t info{};
    info.si_pid = 0;
    if (waitid(P_PID, static_cast<id_t>(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info.si_pid == pid) return true;
    usleep(kPollMilliseconds * 1000);
    return false;
}

// Waits until the child ends, a limit is passed, or the job's clock runs out.
Watched watch(pid_t pid, const ChildLimits& limits, const std::filesystem::path& working_dir,
              Clock::time_point started) {
    const int pidfd = open_pidfd(pid);
    Watched watched;
    StepWatch step(pid, limits);
    std::int64_t progress_size = -1;
    unsigned polls = 0;
    while (!ended(pid, pidfd)) {
        if (limits.resident_bytes > 0 && resident_bytes_of(pid) > limits.resident_bytes) {
            watched.end = ChildEnd::over_memory;
            break;
        }
        const auto now = Clock::now();
        const double job_seconds =
            std::chrono::duration<double>(now - started).count() - step.outside_job_clock(now);
        if (job_seconds >= limits.wall_seconds) {
            watched.end = ChildEnd::timed_out;
            break;
        }
        if (!limits.steps.empty() && !limits.progress_file.empty()) {
            const std::int64_t size = size_of_file(limits.progress_file);
            if (size != progress_size) {
                progress_size = size;
                step.new_line(step_started_by(last_line_of(limits.progress_file), limits.steps), now);
            } else if (double seconds = 0.0; step.over_limit(now, seconds, watched.stalled_on_wall_backstop)) {
                watched.end = ChildEnd::timed_out;
                watched.stalled = true;
                watched.stalled_step = step.current();
                watched.stalled_step_seconds = seconds;
                watched.stalled_step_wall_seconds = step.wall_seconds(now);
                break;
            }
        }
        // The folder is walked every 10th look (every half second): cheap, and a file cannot grow
        // much past RLIMIT_FSIZE in between.
        if (limits.folder_bytes > 0 && !working_dir.empty() && ++polls % 10 == 0 &&
            folder_size(working_dir) > limits.folder_bytes) {
            watched.end = ChildEnd::over_files;
            break;
        }
    }
    watched.outside_job_clock_seconds = step.outside_job_clock(Clock::now());
    if (pidfd >= 0) close(pidfd);
    return watched;
}

unsigned processors_in_affinity() {
    cpu_set_t set;
    CPU_ZERO(&set);
    if (sched_getaffinity(0, sizeof set, &set) != 0) return 1;
    return static_cast<unsigned>(std::max(1, CPU_COUNT(&set)));
}

// The CPUs a cgroup (v2 `cpu.max`, v1 `cpu.cfs_quota_us` / `cpu.cfs_period_us`) allows, rounded up; 0: no quota.
unsigned cgroup_quota_processors() {
    double quota = -1.0, period = 0.0;
    if (std::ifstream max("/sys/fs/cgroup/cpu.max"); max) {
        std::string q;
        if (max >> q >> period && q != "max") quota = std::strtod(q.c_str(), nullptr);
    } else {
        std::ifstream q("/sys/fs/cgroup/cpu/cpu.cfs_quota_us"), p("/sys/fs/cgroup/cpu/cpu.cfs_period_us");
        q >> quota;
        p >> period;
    }
    if (quota <= 0.0 || period <= 0.0) return 0;
    return static_cast<unsigned>(std::ceil(quota / period));
}

}  // namespace

std::string find_in_path(const std::string& name) {
    const char* path = std::getenv("PATH");
    std::string dirs = path != nullptr ? path : "/usr/local/bin:/usr/bin:/bin";
    std::size_t start = 0;
    while (start <= dirs.size()) {
        const auto end = dirs.find(':', start);
        const std::string dir = dirs.substr(start, end == std::string::npos ? std::string::npos : end - start);
        if (!dir.empty()) {
            const std::string candidate = dir + "/" + name;
            if (access(candidate.c_str(), X_OK) == 0 && !std::filesystem::is_directory(candidate)) return candidate;
        }
        if (end == std::string::npos) break;
        start = end + 1;
    }
    return {};
}

unsigned usable_processors() {
    const unsigned affinity = processors_in_affinity();
    const unsigned quota = cgroup_quota_processors();
    return quota > 0 ? std::min(affinity, quota) : affinity;
}

std::filesystem::path own_executable() {
    // The running program's own inode, also for a grandchild (Oclgrind runs it), and
    // still the same program when a rebuild replaces the file on disk mid-run.
    return fmt::format("/proc/{}/exe", getpid());
}

namespace {

// The child's output file, /dev/null for its stdin, and a pipe on which a failed exec reports
// its errno. False (with errno set, every one of them closed) when one could not be opened.
bool open_child_files(const ChildCommand& command, int& output_fd, int& null_fd, int (&error_pipe)[2]) {
    output_fd = open(command.output_file.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    null_fd = open("/dev/null", O_RDONLY | O_CLOEXEC);
    if (output_fd >= 0 && null_fd >= 0 && pipe2(error_pipe, O_CLOEXEC) == 0) return true;
    const int error = errno;
    for (int fd : {output_fd, null_fd, error_pipe[0], error_pipe[1]}) {
        if (fd >= 0) close(fd);
    }
    errno = error;
    return false;
}

// How a child that started ended: stopped at a limit, killed by a signal, or exited.
void record_end(ChildOutcome& outcome, ChildEnd watched_end, int status) {
    if (watched_end != ChildEnd::exited) {
        outcome.end = watched_end;
    } else if (WIFSIGNALED(status)) {
        outcome.end = ChildEnd::killed_by_signal;
        outcome.signal = WTERMSIG(status);
    } else {
        outcome.end = ChildEnd::exited;
        outcome.exit_code = WEXITSTATUS(status);
    }
}

// Watches a started child to its end or a limit, then kills its group (on a limit, and also after a
// normal end, for anything it left behind) and reaps it: how the watch ended, with the outcome's
// stall, times and peak memory filled in, and the child's wait status.
std::pair<ChildEnd, int> watch_to_end(pid_t pid, std::size_t slot, const ChildCommand& command,
                                      const ChildLimits& limits, Clock::time_point started, ChildOutcome& outcome) {
    const Watched watched = watch(pid, limits, command.working_dir, started);
    outcome.stalled = watched.stalled;
    outcome.stalled_step = watched.stalled_step;
    outcome.stalled_step_seconds = watched.stalled_step_seconds;
    outcome.stalled_step_wall_seconds = watched.stalled_step_wall_seconds;
    outcome.stalled_on_wall_backstop = watched.stalled_on_wall_backstop;
    outcome.outside_job_clock_seconds = watched.outside_job_clock_seconds;
    kill(-pid, SIGKILL);
    int status = 0;
    rusage usage{};
    while (wait4(pid, &status, 0, &usage) < 0 && errno == EINTR) {
    }
    forget_child(slot);
    outcome.seconds = std::chrono::duration<double>(Clock::now() - started).count();
    outcome.peak_resident_bytes = static_cast<std::uint64_t>(usage.ru_maxrss) * 1024;
    return {watched.end, status};
}

// Why no child is started for the command ("" when one can be).
std::string refused_start(const ChildCommand& command) {
    if (command.argv.empty()) return "no command given";
    if (stopping.load()) return "the grader is stopping";
    return {};
}

}  // namespace

ChildOutcome run_child(const ChildCommand& command, const ChildLimits& limits) {
    ChildOutcome outcome;
    outcome.start_error = refused_start(command);
    if (!outcome.start_error.empty()) return outcome;
    const PreparedExec exec = prepare(command);
    if (exec.program.empty()) {
        outcome.start_error = fmt::format("{} was not found in PATH", command.argv.front());
        return outcome;
    }
    int output_fd = -1, null_fd = -1;
    int error_pipe[2] = {-1, -1};
    if (!open_child_files(command, output_fd, null_fd, error_pipe)) {
        outcome.start_error = fmt::format("could not prepare the child's files: {}", std::strerror(errno));
        return outcome;
    }

    const auto started = Clock::now();
    const std::string working_dir = command.working_dir.string();
    const pid_t pid = fork();
    if (pid == 0)
        become_child(exec, limits, output_fd, null_fd, error_pipe[1],
                     working_dir.empty() ? nullptr : working_dir.c_str());
    close(output_fd);
    close(null_fd);
    close(error_pipe[1]);
    if (pid < 0) {
        close(error_pipe[0]);
        outcome.start_error = fmt::format("fork failed: {}", std::strerror(errno));
        return outcome;
    }
    setpgid(pid, pid);  // also done in the child; whichever runs first wins the race
    const std::size_t slot = remember_child(pid);
    if (stopping.load()) kill(-pid, SIGKILL);  // the stop came between the check above and remember_child

    int exec_error = 0;
    const auto got = read(error_pipe[0], &exec_error, sizeof exec_error);  // EOF: exec succeeded
    close(error_pipe[0]);
    const auto [end, status] = watch_to_end(pid, slot, command, limits, started, outcome);
    if (got == static_cast<ssize_t>(sizeof exec_error)) {
        outcome.end = ChildEnd::failed_to_start;
        outcome.start_error = fmt::format("could not run {}: {}", exec.program, std::strerror(exec_error));
    } else {
        record_end(outcome, end, status);
    }
    return outcome;
}

void kill_running_children() {
    for (auto& group : running_groups) {
        const pid_t pid = group.load();
        if (pid > 0) kill(-pid, SIGKILL);
    }
}

void stop_all_children() {
    stopping.store(true);
    kill_running_children();
}

std::string signal_name(int signal) {
    switch (signal) {
        case SIGSEGV:
            return "SIGSEGV";
        case SIGBUS:
            return "SIGBUS";
        case SIGABRT:
            return "SIGABRT";
        case SIGFPE:
            return "SIGFPE";
        case SIGILL:
            return "SIGILL";
        case SIGKILL:
            return "SIGKILL";
        case SIGTERM:
            return "SIGTERM";
        case SIGXFSZ:
            return "SIGXFSZ";
        case SIGXCPU:
            return "SIGXCPU";
        case SIGTRAP:
            return "SIGTRAP";
        case SIGPIPE:
            return "SIGPIPE";
        case SIGINT:
            return "SIGINT";
        default:
            return fmt::format("signal {}", signal);
    }
}

std::string signal_description(int signal) {
    std::string meaning;
    switch (signal) {
        case SIGSEGV:
            meaning = "a segmentation fault: memory outside every buffer was touched";
            break;
        case SIGBUS:
            meaning = "a bus error: a misaligned or unmapped memory access";
            break;
        case SIGABRT:
            meaning = "an abort: the OpenCL runtime or its compiler stopped itself on an internal error";
            break;
        case SIGFPE:
            meaning = "an arithmetic exception such as an integer division by zero";
            break;
        case SIGILL:
            meaning = "an illegal instruction (a trap the compiler put in for undefined behaviour, or an "
                      "instruction this processor lacks)";
            break;
        case SIGKILL:
            meaning = "killed from outside the grader, usually by the system when memory ran out";
            break;
        case SIGXFSZ:
            meaning = "its output passed the grader's limit on file size (printf in a loop?)";
            break;
        default:
            break;
    }
    std::string text = fmt::format("signal {}, {}", signal, signal_name(signal));
    if (!meaning.empty()) text += ", " + meaning;
    return text;
}

}  // namespace labcheck
