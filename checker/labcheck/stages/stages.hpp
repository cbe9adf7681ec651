// Turns what the worker processes reported into the verdict of each stage:
// build and correctness from a "check" job, barriers from the static and
// Oclgrind jobs, speedup from a "speedup" job. Pure functions of the runs, so
// the wording can be tested without running a kernel.
#pragma once

#include "runner/unit_runner.hpp"
#include "harness/timing_spread.hpp"
#include "stages/stage_result.hpp"

#include "problems/lab_problem.hpp"
#include "description/lab_spec.hpp"
#include "terms/defines.hpp"

#include <string>
#include <vector>

namespace labcheck {

struct LabUnderTest {
    const course::LabSpec* spec = nullptr;
    course::KernelSet kernels;

    std::string file_display() const { return kernels.display(spec->folder, spec->kernel_file); }
    // "build/common/lab run 02 --size 37x50 --seed 7 --submission DIR -D TILE_SIZE=8": how to reproduce a run.
    std::string reproduce(const std::string& size, std::uint64_t seed,
                          const course::Defines& defines = {}) const;
};

// The runs behind one define set of a lab (each job names its set in define_set).
struct SetRuns {
    const UnitRun* check = nullptr;  // the correctness checks at the set
    // On PoCL, the sizes the check got wrong, again with POCL_WORK_GROUP_METHOD=cbs: right
    // there means PoCL's default work-group compiler got the kernel wrong (see stage_correctness).
    const UnitRun* pocl_cbs = nullptr;
    // Oclgrind's run at the set, when the barriers stage ran it: an access it saw outside a buffer or
    // a __local array fails the set here, in correctness (a result right by luck on one device is not
    // right), and is no finding of the barriers stage.
    const UnitRun* dynamic = nullptr;
};

// What Oclgrind did for a lab: a run per define set it ran at, the sets it left out by design,
// and the sizes it was to check but could not.
struct DynamicRuns {
    std::vector<const UnitRun*> runs;
    std::vector<std::string> left_out;   // "'two levels' (too large to simulate ...)": not part of the plan
    std::vector<std::string> unchecked;  // "not at 'defaults' ...: (why)": planned, not run, and scoring nothing
    std::size_t planned = 0;             // the (define set, size) pairs Oclgrind was to check
    // The sets Oclgrind ran without its uninitialised-read check ("'gpu defaults'"): kUninitializedWorkLimit.
    std::vector<std::string> without_uninitialized;
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
// The run reported a build and it succeeded (a child killed while building reports none).
bool build_succeeded(const UnitRun& run);

// The run finished, ran its define set, and every size it was given came out right.
bool every_check_right(const UnitRun& run);

StageResult evaluate_build(const LabUnderTest& lab, const UnitRun& check);
StageResult evaluate_correctness(const LabUnderTest& lab, const UnitRun& check);
// Every define set's checks together: 4 × (checks right / checks run). A set the device
// cannot run is left out with a warning; a PoCL miscompilation is a warning, not a fail.
StageResult evaluate_correctness(const LabUnderTest& lab, const std::vector<SetRuns>& sets);

// Oclgrind's out-of-bounds accesses in one of its runs (dynamic_findings.hpp, is_out_of_bounds), as
// the correctness stage reports them; the barriers stage leaves them out.
std::vector<Finding> out_of_bounds_findings(const LabUnderTest& lab, const UnitRun& dynamic);

// The static analysis and Oclgrind at every define set: an error from either fails the stage;
// otherwise the points are the share of the planned (set, size) pairs that Oclgrind checked, so
// a check that did not run scores nothing. No runs, nothing planned and nothing left out: Oclgrind
// is missing, and the stage is the grader's error.
StageResult evaluate_barriers(const LabUnderTest& lab, const UnitRun& static_run, const DynamicRuns& dynamic);
// One Oclgrind run that is the whole plan (its sizes); nullptr: Oclgrind is missing.
StageResult evaluate_barriers(const LabUnderTest& lab, const UnitRun& static_run, const UnitRun* dynamic);

// Where a measured speedup lies against the lab's threshold (README, "Speed points that do not
// flip"): its whole 95% interval above or below, or the threshold inside the interval, where the
// interval is narrow (at most kAtThresholdWidth of the ratio) or too wide to decide. The grader
// times again while the threshold is inside; after the last timing a narrow interval meets the
// threshold and a wide one is not judged.
enum class SpeedCall { above, below, at_threshold, too_noisy };
inline constexpr double kAtThresholdWidth = 0.15;
inline constexpr int kMostSpeedTimings = 3;  // the first timing and at most two more
SpeedCall speed_call(const course::RatioEstimate& estimate, double min_ratio);
bool speed_decided(SpeedCall call);

// The rounds' ratios of every timing of one lab (the first and its re-timings), as one estimate;
// without rounds (an older worker) the ratio of the medians, with no interval.
course::RatioEstimate pooled_ratio(const UnitRun& speedup, const std::vector<UnitRun>& retimes);

StageResult evaluate_speedup(const LabUnderTest& lab, const UnitRun& speedup, double min_ratio);
StageResult evaluate_speedup(const LabUnderTest& lab, const UnitRun& speedup, const std::vector<UnitRun>& retimes,
                             double min_ratio);
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
