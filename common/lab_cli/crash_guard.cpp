#include "crash_guard.hpp"

#include <fmt/format.h>

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>

#include <fcntl.h>
#include <poll.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

namespace course {

namespace {

int notes_fd = -1;  // the child's end of the pipe; -1 everywhere else

// One note, one line "key\tvalue\n" (tabs and newlines in the value made spaces), written
// whole before the step it announces starts.
void send(const char* key, std::string value) {
    if (notes_fd < 0) return;
    for (char& c : value) {
        if (c == '\n' || c == '\t') c = ' ';
    }
    const std::string line = std::string(key) + '\t' + value + '\n';
    std::size_t done = 0;
    while (done < line.size()) {
        const ssize_t written = write(notes_fd, line.data() + done, line.size() - done);
        if (written < 0 && errno == EINTR) continue;
        if (written <= 0) return;  // the parent is gone: nothing to tell
        done += static_cast<std::size_t>(written);
    }
}

const char* step_kind_key(StepKind kind) {
    switch (kind) {
        case StepKind::opening: return "opening";
        case StepKind::building: return "building";
        case StepKind::running: return "running";
    }
    return "opening";
}

// One whole line of the pipe into `notes`; a line cut short (no '\n') never gets here.
void take_note(const std::string& line, CrashNotes& notes) {
    const auto tab = line.find('\t');
    if (tab == std::string::npos) return;
    const std::string key = line.substr(0, tab), value = line.substr(tab + 1);
    if (key == "opening" || key == "building" || key == "running") {
        notes.kind = key == "opening" ? StepKind::opening : key == "building" ? StepKind::building : StepKind::running;
        notes.step = value;
        notes.reproduce.clear();
    } else if (key == "reproduce") {
        notes.reproduce = value;
    } else if (key == "kernel") {
        notes.kernel = value;
    } else if (key == "hint") {
        notes.crash_hint = value;
    } else if (key == "oclgrind") {
        notes.oclgrind = value;
    }
}

// Waits up to a second for the pipe to have something to read; false when it has nothing yet.
bool readable_within_a_second(int fd) {
    pollfd ready{fd, POLLIN, 0};
    return poll(&ready, 1, 1000) != 0;  // an error (EINTR) reads at once, as before
}

// Everything the child notes, until it closes the pipe (by ending), or until a running step has
// lasted `step_limit_seconds` (0: no limit): then `stalled` is set, and the child still runs.
CrashNotes read_notes(int fd, int step_limit_seconds, bool& stalled) {
    CrashNotes notes;
    std::string pending;
    char buffer[4096];
    auto noted = std::chrono::steady_clock::now();
    for (;;) {
        if (step_limit_seconds > 0 && !readable_within_a_second(fd)) {
            stalled = notes.kind == StepKind::running &&
                      std::chrono::steady_clock::now() - noted > std::chrono::seconds(step_limit_seconds);
            if (stalled) break;
            continue;
        }
        const ssize_t got = read(fd, buffer, sizeof buffer);
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) break;
        pending.append(buffer, static_cast<std::size_t>(got));
        for (auto end = pending.find('\n'); end != std::string::npos; end = pending.find('\n')) {
            take_note(pending.substr(0, end), notes);
            pending.erase(0, end + 1);
            noted = std::chrono::steady_clock::now();
        }
    }
    return notes;
}

// What a step that outlasted its limit means, and what to run.
void print_stalled(const CrashNotes& notes, int step_limit_seconds) {
    fmt::print("\n{}: stopped after {} s while {}{}.\n"
               "  The kernel did not finish: a loop that does not end (a condition nothing in the loop changes, or a "
               "work-item waiting for another), or a size far too large for this device.\n"
               "  try: the same `lab run` with --memory (under Oclgrind) names the line of a loop that does not "
               "end; --step-limit 0 lets a long check run on.\n",
               notes.command, step_limit_seconds, notes.step, notes.kernel.empty() ? "" : " (" + notes.kernel + ")");
    std::fflush(stdout);
}

[[noreturn]] void run_child(int fd, const std::function<int()>& command) {
    notes_fd = fd;
    prctl(PR_SET_PDEATHSIG, SIGTERM);  // the command was stopped: stop with it
    // Line by line, so that what was printed before a crash is on the screen (or in the pipe).
    std::setvbuf(stdout, nullptr, _IOLBF, 0);
    const int status = command();
    std::fflush(stdout);
    std::fflush(stderr);
    std::exit(status);
}

int wait_for(pid_t child) {
    int status = 0;
    while (waitpid(child, &status, 0) < 0) {
        if (errno != EINTR) return -1;
    }
    return status;
}

}  // namespace

int run_guarded(const std::function<int()>& command, const std::string& name, int step_limit_seconds) {
    std::fflush(stdout);
    std::fflush(stderr);
    int ends[2];
    if (pipe2(ends, O_CLOEXEC) != 0) return command();
    const pid_t child = fork();
    if (child < 0) {
        close(ends[0]);
        close(ends[1]);
        return command();
    }
    if (child == 0) {
        close(ends[0]);
        run_child(ends[1], command);
    }
    close(ends[1]);
    // Ctrl-C reaches the child too (one process group): the parent stays to say how it ended.
    struct sigaction ignore {}, old_int {}, old_quit {};
    ignore.sa_handler = SIG_IGN;
    sigaction(SIGINT, &ignore, &old_int);
    sigaction(SIGQUIT, &ignore, &old_quit);
    bool stalled = false;
    CrashNotes notes = read_notes(ends[0], step_limit_seconds, stalled);
    notes.command = name;
    close(ends[0]);
    if (stalled) kill(child, SIGKILL);
    const int status = wait_for(child);
    if (stalled) {
        sigaction(SIGINT, &old_int, nullptr);
        sigaction(SIGQUIT, &old_quit, nullptr);
        print_stalled(notes, step_limit_seconds);
        return 1;
    }
    sigaction(SIGINT, &old_int, nullptr);
    sigaction(SIGQUIT, &old_quit, nullptr);
    if (status < 0) return 2;
    if (WIFEXITED(status)) return WEXITSTATUS(status);
    const int signal = WTERMSIG(status);
    if (signal != SIGINT) fmt::print("{}", crash_report(signal, notes));
    std::fflush(stdout);
    return crash_exit_status(signal, notes);
}

void note_step(StepKind kind, const std::string& step, const std::string& reproduce) {
    send(step_kind_key(kind), step);
    if (!reproduce.empty()) send("reproduce", reproduce);
}

void note_kernel(const std::string& display, const std::string& crash_hint) {
    send("kernel", display);
    send("hint", crash_hint);
}

void note_oclgrind_command(const std::string& command) {
    send("oclgrind", command);
}

}  // namespace course
