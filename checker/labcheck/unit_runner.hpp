// Runs one worker job in a child process (labcheck re-executing itself, under
// Oclgrind for the dynamic barrier check) with the grader's limits, and
// collects what it reported.
//
// Limits, per child:
//   wall clock  each kind of job has a cap (check 120 s, static 30 s, dynamic 300 s, speedup 90 s,
//               probe 60 s); --timeout replaces them all. The whole process group is killed.
//   one launch  check and Oclgrind jobs are also killed when one launch (from the worker's
//               "check-start" event to the next event) lasts longer than 10 s (check) or 90 s
//               (Oclgrind), however many sizes and define sets the job runs. The solutions' slowest
//               launch at a check size takes well under 1 s on PoCL (2 cores), so a hanging kernel
//               costs 10 s in the check job; after that the Oclgrind run is skipped (see
//               submission_grading.cpp). Under Oclgrind the solutions' slowest launch is lab 07's
//               1x1x1 (about 20 s: its driver runs many kernels), hence the wide limit there.
//               --launch-timeout replaces both.
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

#include "child_process.hpp"
#include "timing_gate.hpp"
#include "worker_protocol.hpp"

#include <atomic>
#include <filesystem>
#include <string>
#include <vector>

namespace labcheck {

struct RunnerSettings {
    std::filesystem::path self;      // the labcheck executable
    std::filesystem::path work_dir;  // private folder for job, event and output files
    std::string oclgrind;            // path of oclgrind, empty when it is not installed
    double timeout_seconds = 0.0;         // 0: the default of each kind of job
    double launch_timeout_seconds = 0.0;  // 0: the default of each kind of job (see default_launch_timeout)
    bool keep_files = false;              // keep each job's folder (--keep-work-dir, for debugging)
    std::uint64_t memory_bytes = 4096ull << 20;
    bool gpu_device = false;  // the graded device is a GPU (no RLIMIT_DATA for its jobs)
};

struct UnitRun {
    WorkerJob job;
    ChildLimits limits;
    ChildOutcome outcome;
    WorkerEvents events;
    std::string output;  // the child's stdout and stderr (Oclgrind's diagnostics), capped

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

    const RunnerSettings& settings() const { return settings_; }
    ChildLimits limits_for(JobKind kind) const;

private:
    std::string json_safe_path(const std::string& path, int id) const;

    RunnerSettings settings_;
    std::atomic<int> next_id_{0};
    TimingGate timing_gate_;  // a speedup job runs with no other child beside it
};

// The default wall-clock limit of a kind of job, in seconds.
double default_timeout(JobKind kind);
// The default limit on one step (one launch) of a kind of job, in seconds; 0: none.
double default_launch_timeout(JobKind kind);

}  // namespace labcheck
