// Turns what the worker processes reported into the verdict of each stage:
// build and correctness from a "check" job, barriers from the static and
// Oclgrind jobs, speedup from a "speedup" job. Pure functions of the runs, so
// the wording can be tested without running a kernel.
#pragma once

#include "stage_result.hpp"
#include "unit_runner.hpp"

#include "problems/lab_problem.hpp"
#include "description/lab_spec.hpp"

#include <string>
#include <vector>

namespace labcheck {

struct LabUnderTest {
    const course::LabSpec* spec = nullptr;
    course::KernelSet kernels;

    std::string file_display() const { return kernels.display(spec->folder, spec->kernel_file); }
    // "build/common/lab run 02 --size 37x50 --seed 7 --submission DIR -D TILE_SIZE=8": how to reproduce a run.
    std::string reproduce(const std::string& size, std::uint64_t seed,
                          const std::vector<std::pair<std::string, std::string>>& defines = {}) const;
};

// The runs behind one define set of a lab (each job names its set in define_set).
struct SetRuns {
    const UnitRun* check = nullptr;  // the correctness checks at the set
    // On PoCL, the sizes the check got wrong, again with POCL_WORK_GROUP_METHOD=cbs: right
    // there means PoCL's default work-group compiler got the kernel wrong (see stage_correctness).
    const UnitRun* pocl_cbs = nullptr;
};

// What Oclgrind did for a lab: a run per define set it ran at, and the sets it left out.
struct DynamicRuns {
    std::vector<const UnitRun*> runs;
    std::vector<std::string> left_out;  // "define set 'two levels': ... (why)"
    std::string skipped;                // why Oclgrind was not run at all (e.g. the kernel hung on the device)
};

// A result for the lab and stage with its maximum points set and nothing else decided.
StageResult empty_result(const LabUnderTest& lab, Stage stage);

// Why a worker did not finish normally, in a student's words. Empty when it did.
struct AbnormalEnd {
    bool happened = false;
    bool grader_problem = false;  // the grader could not run, not the kernel's doing
    std::string text;
};
AbnormalEnd abnormal_end(const UnitRun& run, const std::string& activity);

// "while checking size 37x50 (seed 1)": the last launch a worker started and did not finish.
std::string unfinished_activity(const UnitRun& run);

// The "build" event of a run says the kernel did not build.
bool build_failed(const UnitRun& run);

StageResult evaluate_build(const LabUnderTest& lab, const UnitRun& check);
StageResult evaluate_correctness(const LabUnderTest& lab, const UnitRun& check);
// Every define set's checks together: 4 × (checks right / checks run). A set the device
// cannot run is left out with a warning; a PoCL miscompilation is a warning, not a fail.
StageResult evaluate_correctness(const LabUnderTest& lab, const std::vector<SetRuns>& sets);

// `dynamic` is the Oclgrind run used (after a retry, the last one); nullptr when Oclgrind is missing,
// or when it was not run for the reason `dynamic_skipped` says (e.g. the kernel hung on the device).
StageResult evaluate_barriers(const LabUnderTest& lab, const UnitRun& static_run, const UnitRun* dynamic,
                              const std::string& dynamic_skipped = "");
// The same with Oclgrind at several define sets (no runs, nothing left out and nothing skipped:
// Oclgrind is missing).
StageResult evaluate_barriers(const LabUnderTest& lab, const UnitRun& static_run, const DynamicRuns& dynamic);

StageResult evaluate_speedup(const LabUnderTest& lab, const UnitRun& speedup, double min_ratio);
// The speedup stage of a right kernel where this copy of the course lacks the lab's baseline
// (the student edition: course::baseline_in_course): not run, no points, and why.
StageResult speedup_baseline_not_here(const LabUnderTest& lab);

// A stage that did not run because an earlier one failed: fail, no points, and why.
StageResult not_run(const LabUnderTest& lab, Stage stage, const std::string& why);

// A stage the grader could not judge (verdict error).
StageResult grader_error(const LabUnderTest& lab, Stage stage, const std::string& why);

// Whether an Oclgrind run stopped on a simulator limitation worth a retry with -cl-opt-disable.
bool oclgrind_needs_retry(const UnitRun& dynamic);

}  // namespace labcheck
