// Runs a command in a child process with a wall-clock limit and memory limits,
// so a student kernel that hangs, crashes or eats memory costs one test and
// never the grader. The child gets its own process group: on a time-out or a
// memory overrun the whole group is killed. Its stdout and stderr go to a file.
//
// The parent never initialises OpenCL, so fork() here is safe; between fork and
// exec the child only makes async-signal-safe calls.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

namespace labcheck {

// How the length of a step is measured.
enum class StepClock {
    wall,  // the wall clock: for a GPU, which a busy host does not slow down
    // The CPU time of the child's busiest thread during the step: about the wall time the step
    // would have taken on a machine doing nothing else. For work done on the host's processors
    // (PoCL, Oclgrind, a compiler), so that a machine shared with other work (which slows the
    // wall clock, not the work) makes no right kernel look hung. A spinning hang still runs its
    // thread and is stopped; `wall_backstop_seconds` stops one that waits without running.
    busiest_thread_cpu,
};

// What a limited step of a child is.
enum class StepKind { launch, compile };

// One kind of step of a child: it begins when the child appends a line holding `marker` to the
// progress file and ends at the next line. Killed when one step lasts longer than `seconds`.
struct StepLimit {
    StepKind kind = StepKind::launch;
    std::string marker;  // the text that starts it ("\"check-start\"")
    double seconds = 0.0;
    StepClock clock = StepClock::wall;
    double wall_backstop_seconds = 0.0;  // busiest_thread_cpu only: also killed after this much wall time (0: never)
    // Its time does not count against the whole job's wall_seconds (a compiler at work is not the
    // kernel running: a busy machine must not turn a slow compile into a job time-out).
    bool outside_job_clock = false;
};

struct ChildLimits {
    // Killed after this long, whatever it is doing (the time of steps outside_job_clock left out).
    double wall_seconds = 60.0;
    // The child appends one line per event to this file; `steps` says which lines start a step
    // that is limited on its own. The worker appends "check-start" before every launch and a
    // "check" after it, so a launch is limited however many there are; "compile-start" and
    // "compile-end" around every build.
    std::filesystem::path progress_file;
    std::vector<StepLimit> steps;
    // Killed when the files under the child's working folder pass this many bytes (0: not watched).
    std::uint64_t folder_bytes = 0;
    std::uint64_t data_bytes = 0;      // RLIMIT_DATA (heap and private writable mappings); 0: none
    std::uint64_t resident_bytes = 0;  // killed when its resident memory passes this; 0: not watched
    std::uint64_t file_bytes = 0;      // RLIMIT_FSIZE, the largest file it may write; 0: none
};

struct ChildCommand {
    std::vector<std::string> argv;                                 // argv[0]: a path, or a name looked up in PATH
    std::filesystem::path output_file;                             // stdout and stderr, truncated first
    std::vector<std::pair<std::string, std::string>> environment;  // set on top of the parent's environment
    // The child's working folder (empty: the parent's). The runner makes it, and the caller removes it.
    std::filesystem::path working_dir;
};

enum class ChildEnd {
    exited,            // exit_code holds its status
    killed_by_signal,  // signal holds the signal (not one the runner sent)
    timed_out,         // ran past wall_seconds, or one step past its StepLimit; the runner killed it
    over_memory,       // resident memory passed resident_bytes; the runner killed it
    over_files,        // the files in its working folder passed folder_bytes; the runner killed it
    failed_to_start,   // start_error says why
};

struct ChildOutcome {
    ChildEnd end = ChildEnd::failed_to_start;
    int exit_code = -1;
    int signal = 0;
    double seconds = 0.0;
    bool stalled = false;  // timed_out because one step passed its limit (not the whole-job limit)
    StepLimit stalled_step;  // that step's limit, when stalled
    bool stalled_on_wall_backstop = false;  // stalled by the step's wall_backstop_seconds, not its own clock
    double stalled_step_seconds = 0.0;  // how long it had run, on its own clock
    double stalled_step_wall_seconds = 0.0;  // and on the wall clock (longer than its own on a busy machine)
    // The time spent in steps outside the job clock (compiling): part of `seconds`, not of the job's limit.
    double outside_job_clock_seconds = 0.0;
    std::uint64_t peak_resident_bytes = 0;
    std::string start_error;
};

// Runs the command to its end or to a limit. Never throws for anything the child does.
ChildOutcome run_child(const ChildCommand& command, const ChildLimits& limits);

// "SIGSEGV" for 11, "signal 42" for one without a name.
std::string signal_name(int signal);

// "signal 11, SIGSEGV, a segmentation fault": the number, the name and what it usually means.
std::string signal_description(int signal);

// Children that are running now (their process groups), for a signal handler that must
// kill them before the grader exits. Async-signal-safe.
void kill_running_children();

// For a grader that is stopping (Ctrl-C): kills the running children and makes every later
// run_child fail to start at once ("the grader is stopping"). Async-signal-safe.
void stop_all_children();

// How many processors this process may use: its CPU affinity, and a cgroup CPU quota
// (containers such as Gradescope's give 1-2 CPUs of a larger machine) when one is set.
unsigned usable_processors();

// The absolute path of an executable named in PATH, or empty when there is none.
std::string find_in_path(const std::string& name);

// A path that runs this same program: /proc/<pid>/exe, valid while this process lives,
// even when the file it was started from is replaced.
std::filesystem::path own_executable();

}  // namespace labcheck
