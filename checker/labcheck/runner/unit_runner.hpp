// Runs one worker job in a child process (labcheck re-executing itself, under
// Oclgrind for the dynamic barrier check) with the grader's limits, and
// collects what it reported.
//
// Limits, per child:
//   wall clock  each kind of job has a cap (check 300 s, static 30 s, dynamic 600 s, speedup 120 s,
//               probe 60 s), a backstop: the step limits below end a hang long before. --timeout
//               replaces them all. The time the worker spends compiling does not count. The whole
//               process group is killed.
//   one launch  check and Oclgrind jobs are also killed when one launch (from the worker's
//               "check-start" event to the next event) lasts longer than 10 s (check) or 90 s
//               (Oclgrind), however many sizes and define sets the job runs. On the host's
//               processors (PoCL, Oclgrind) a launch is measured as its busiest thread's CPU time,
//               so a machine busy with other work does not make a right kernel look hung; a GPU's
//               launch on the wall clock. The solutions' slowest launch at a check size takes well
//               under 1 s on PoCL (2 cores). Under Oclgrind the slowest is lab 07's 1x1x1 (about
//               20 s: its driver runs many kernels), hence the wide limit there.
//               --launch-timeout replaces both.
//   compiling   from the worker's "compile-start" to its "compile-end" (its builds, and with PoCL the
//               timed kernels' first launches, which compile them for their work-group size):
//               120 s of the compiler's CPU time (--compile-timeout), never the launch limit. Check
//               jobs compile ahead (harness/compile_ahead.hpp), so no launch of theirs compiles.
//   memory      --memory-limit (default 4096 MiB) is watched as resident memory, sampled every 50 ms,
//               for every child. On a CPU device (PoCL, where buffers are host memory) and under
//               Oclgrind it is also set as RLIMIT_DATA, so an allocation past it fails at once.
//               RLIMIT_AS is never used: GPU drivers reserve huge virtual ranges and break under it;
//               RLIMIT_DATA is not set for GPU devices for the same reason (their private mappings).
//               The static analysis job gets at most 1 GiB (a preprocessor bomb stops there).
//   files       every job has its own folder (job, events and output files, and tmp/, the child's
//               working folder and TMPDIR), removed when the child ends. RLIMIT_FSIZE 32 MiB: a kernel
//               printing in a loop cannot fill the disk; the folder is watched and the child killed
//               past 96 MiB in all.
#pragma once

#include "protocol/worker_protocol.hpp"
#include "runner/child_process.hpp"
#include "runner/timing_gate.hpp"

#include <atomic>
#include <filesystem>
#include <string>
#include <vector>

namespace labcheck {

struct RunnerSettings {
    std::filesystem::path self;      // the labcheck executable
    std::filesystem::path work_dir;  // private folder for job, event and output files
    std::string oclgrind;            // path of oclgrind, empty when it is not installed
    std::string memory_plugin;       // the memory lens's Oclgrind plugin, empty when this build has none
    double timeout_seconds = 0.0;         // 0: the default of each kind of job
    double launch_timeout_seconds = 0.0;  // 0: the default of each kind of job (see default_launch_timeout)
    double compile_timeout_seconds = 0.0;  // 0: kDefaultCompileTimeout
    bool keep_files = false;              // keep each job's folder (--keep-work-dir, for debugging)
    std::uint64_t memory_bytes = 4096ull << 20;
    bool gpu_device = false;  // the graded device is a GPU (no RLIMIT_DATA for its jobs)
    // Threads each check and Oclgrind child may run on the processor (PoCL's and Oclgrind's pools),
    // so that the children at a time share the cores instead of each starting one thread per core;
    // 0: their own default. Timing children keep every core: they have the device alone.
    unsigned processor_threads = 0;
    // A PoCL kernel cache of this run's own, shared by its children (empty: PoCL's own, or none). Set
    // when labcheck is asked for a cold cache (POCL_KERNEL_CACHE=0): every kernel is still compiled
    // fresh in this run, but once, not again by each child that builds the same source and defines
    // (the check, then the timing, of one lab).
    std::filesystem::path kernel_cache;
};

// The processor threads for each of `children` children at a time on `cores` cores: the cores shared
// out, at least one each (RunnerSettings::processor_threads).
unsigned threads_per_child(unsigned cores, unsigned children);

struct UnitRun {
    WorkerJob job;
    ChildLimits limits;
    ChildOutcome outcome;
    WorkerEvents events;
    std::string output;  // the child's stdout and stderr (Oclgrind's diagnostics), capped
    bool memory_lens = false;   // run_memory_report's run: Oclgrind with the memory lens, no checks of its own
    std::string memory_report;  // then: the plugin's JSON report, "" when it wrote none

    // The first event of a type (e.g. first<BuildEvent>()), or nullptr.
    template <class Event>
    const Event* first() const {
        return events.first<Event>();
    }
    // Every event of a type, in order.
    template <class Event>
    std::vector<const Event*> all() const {
        return events.all<Event>();
    }
    // The child exited by itself and said only things the grader could read.
    bool ended_normally() const { return outcome.end == ChildEnd::exited && events.unreadable.empty(); }
};

class UnitRunner {
public:
    explicit UnitRunner(RunnerSettings settings);

    // `oclgrind_options` are extra options for Oclgrind (dynamic jobs only), e.g. {"--build-options",
    // "-cl-opt-disable"}.
    // `oclgrind_options`: more of Oclgrind's options for a dynamic job. `uninitialized`: whether
    // Oclgrind's --uninitialized plugin runs (a lab's [oclgrind] uninitialized = false turns it off).
    UnitRun run(const WorkerJob& job, const std::vector<std::string>& oclgrind_options = {},
                bool uninitialized = true);

    // A dynamic job under Oclgrind with the memory lens's plugin instead of Oclgrind's checks: the
    // report (common/memory_lens/) in UnitRun::memory_report, warps of 32; one launch at most 30 s
    // of processor time (feedback only). Needs memory_plugin.
    UnitRun run_memory_report(const WorkerJob& job);

    const RunnerSettings& settings() const { return settings_; }
    ChildLimits limits_for(JobKind kind) const;
    double compile_limit_seconds() const;
    // A child's variables on top of this process's: its TMPDIR, its share of the processor's threads
    // (not for timing; one OpenBLAS thread for the static analysis), and where the memory lens writes
    // (`memory_file`, empty without the lens).
    std::vector<std::pair<std::string, std::string>> child_environment(JobKind kind, const std::filesystem::path& scratch,
                                                                       const std::filesystem::path& memory_file) const;

private:
    UnitRun run_with(const WorkerJob& job, std::vector<std::string> prefix, bool memory_lens);
    std::string json_safe_path(const std::string& path, int id) const;
    StepClock launch_clock(JobKind kind) const;
    GateNeed gate_need(JobKind kind) const;

    RunnerSettings settings_;
    std::atomic<int> next_id_{0};
    TimingGate timing_gate_;  // a speedup job runs with no other child beside it
};

// The default limit on one compilation step, in seconds of the compiler's CPU time.
inline constexpr double kDefaultCompileTimeout = 120.0;

// The default wall-clock limit of a kind of job, in seconds.
double default_timeout(JobKind kind);
// The default limit on one step (one launch) of a kind of job, in seconds; 0: none.
double default_launch_timeout(JobKind kind);

// The limits a run with `settings` uses, its 0s ("the default") replaced by the defaults above: what
// limits_for applies and what a class record's config_hash keeps, so that a changed default makes
// old records stale. The launch limit is 0 where the kind has none or the whole job's is stricter.
double wall_limit(const RunnerSettings& settings, JobKind kind);
double launch_limit(const RunnerSettings& settings, JobKind kind);
double compile_limit(const RunnerSettings& settings);

}  // namespace labcheck
