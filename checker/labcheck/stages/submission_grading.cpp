#include "stages/submission_grading.hpp"

#include "runner/parallel_tasks.hpp"
#include "stages/memory_feedback.hpp"
#include "stages/stages.hpp"

#include "description/lab_spec.hpp"
#include "problems/define_set_choice.hpp"
#include "problems/lab_session.hpp"
#include "util/text_escape.hpp"
#include "util/user_error.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <chrono>
#include <cstdio>
#include <mutex>

namespace labcheck {

namespace {

// One define set of a lab while it is graded.
struct SetWork {
    course::DefineSet set;
    std::optional<UnitRun> check, pocl_cbs, dynamic;
    std::string oclgrind_left_out;     // why Oclgrind does not run at this set by design ("" when it does)
    std::size_t oclgrind_planned = 0;  // the sizes Oclgrind is to check here
    std::string oclgrind_unchecked;    // why some or all of them were not run ("" when all were)
    bool uninitialized_left_out = false;  // Oclgrind runs here without --uninitialized (kUninitializedWorkLimit)
};

// Everything about one lab while it is graded. sets[0] is the device class's defaults (or the
// command line's -D): its build is the build stage, its kernel is the one timed.
struct LabWork {
    course::LabSpec spec;
    LabUnderTest lab;
    std::vector<SetWork> sets;
    std::optional<UnitRun> static_run, speedup;
    std::vector<UnitRun> speedup_retimes;  // the timings again, when the first could not decide
    // In a class: the key this submission claimed and grades for the others (`owned`), or the
    // grading of identical files it waits for instead of grading (`shared`).
    std::string owned_key;
    std::optional<std::shared_future<GradedLab>> shared;
    std::optional<SizeCheck> timed;  // the size and seed the speedup stage times at
    // --memory-feedback: the lab read for the GPU class (the memory report models a GPU), its run
    std::optional<course::LabSpec> memory_spec;
    std::optional<UnitRun> memory;
    std::string memory_unavailable;  // why --memory-feedback has no report for any lab ("" when it can make one)

    const UnitRun& check() const { return *sets.front().check; }
    std::vector<SetRuns> set_runs() const {
        std::vector<SetRuns> runs;
        for (const auto& s : sets) {
            runs.push_back({s.check ? &*s.check : nullptr, s.pocl_cbs ? &*s.pocl_cbs : nullptr,
                            s.dynamic ? &*s.dynamic : nullptr});
        }
        return runs;
    }
    DynamicRuns dynamic_runs() const {
        DynamicRuns runs;
        for (const auto& s : sets) {
            if (s.dynamic) runs.runs.push_back(&*s.dynamic);
            if (!s.oclgrind_left_out.empty()) runs.left_out.push_back(s.oclgrind_left_out);
            if (!s.oclgrind_unchecked.empty()) runs.unchecked.push_back(s.oclgrind_unchecked);
            if (s.dynamic && s.uninitialized_left_out) runs.without_uninitialized.push_back("'" + s.set.name + "'");
            runs.planned += s.oclgrind_planned;
        }
        return runs;
    }
};

// A define set's job: the set's defines are the job's -D (on top of the class defaults).
WorkerJob at_set(WorkerJob job, const course::DefineSet& set) {
    job.defines = set.defines;
    job.define_set = set.name;
    return job;
}

// The checks of a run that came out wrong as numbers (not a crash, not a time-out, not a result
// that changed between runs), on PoCL: worth a second opinion from PoCL's other work-group compiler.
std::vector<SizeCheck> wrong_on_pocl(const UnitRun& run) {
    std::vector<SizeCheck> wrong;
    const auto* device = run.first<DeviceEvent>();
    if (device == nullptr || !run.ended_normally() || run.first<SetSkippedEvent>() != nullptr) return wrong;
    const std::string& platform = device->platform;
    if (platform.find("Portable Computing Language") == std::string::npos &&
        platform.find("PoCL") == std::string::npos && platform.find("pocl") == std::string::npos) {
        return wrong;
    }
    const auto results = run.all<CheckEvent>();
    for (std::size_t i = 0; i < results.size() && i < run.job.checks.size(); ++i) {
        if (results[i]->unstable) return {};
        if (!results[i]->ok && results[i]->ran) wrong.push_back(run.job.checks[i]);
    }
    return wrong;
}

// A timing run on PoCL in which the submission's timed result was wrong.
bool wrong_on_pocl_when_timed(const UnitRun& run) {
    const auto* wrong = run.first<WrongResultEvent>();
    const auto* device = run.first<DeviceEvent>();
    return wrong != nullptr && wrong->who == TimedKernel::submission && device != nullptr &&
           (device->platform.find("Portable Computing Language") != std::string::npos ||
            device->platform.find("PoCL") != std::string::npos || device->platform.find("pocl") != std::string::npos);
}

bool wants(const GradeSettings& settings, Stage stage) {
    return std::find(settings.stages.begin(), settings.stages.end(), stage) != settings.stages.end();
}

WorkerJob job_for(const LabWork& work, JobKind kind, const course::KernelSet& kernels, const GradeSettings& settings) {
    WorkerJob job;
    job.kind = kind;
    job.root = settings.root.string();
    job.lab_folder = work.spec.folder;
    job.kernels_dir = kernels.dir.string();
    job.kernels_display = kernels.display_dir;
    job.device = settings.device;
    job.device_class = settings.device_report.device_class;
    job.defines = settings.defines;
    return job;
}

class Progress {
public:
    explicit Progress(bool enabled) : enabled_(enabled) {}
    void report(const UnitRun& run) {
        if (!enabled_) return;
        std::lock_guard<std::mutex> lock(mutex_);
        std::string what = job_kind_name(run.job.kind);
        if (run.job.kind == JobKind::check) what = fmt::format("{} sizes", run.job.checks.size());
        if (run.job.kind == JobKind::dynamic) what = run.memory_lens ? "memory report" : "oclgrind";
        if (!run.job.pocl_work_group_method.empty()) what += " (PoCL " + run.job.pocl_work_group_method + ")";
        if (run.job.compile_ahead) what += " (compiled ahead)";
        if (!run.job.define_set.empty()) what += " at '" + run.job.define_set + "'";
        // The submission and the lab ("class/alice/04-matmul-tiled"): with --class several students run at once.
        const std::string where = course::printable_text(run.job.kernels_display + "/" + run.job.lab_folder);
        std::fprintf(stderr, "labcheck: %-40s %-34s %5.1f s\n", where.c_str(), what.c_str(), run.outcome.seconds);
    }

private:
    bool enabled_;
    std::mutex mutex_;
};

// What every phase of grading one submission works with.
struct Grading {
    const course::KernelSet& kernels;
    const GradeSettings& settings;
    UnitRunner& runner;
    Progress& progress;
};

// Phase 1 for one lab: its checks at every define set (a wrong result on PoCL run again the other
// way).
void add_check_tasks(LabWork& work, const Grading& grading, std::vector<std::function<void()>>& tasks) {
    const GradeSettings& settings = grading.settings;
    for (const auto& set : course::checked_define_sets(work.spec, settings.defines)) {
        SetWork set_work;
        set_work.set = set;
        work.sets.push_back(std::move(set_work));
    }
    const auto spec_hidden = settings.hidden.find(work.spec.number);
    auto job = job_for(work, JobKind::check, grading.kernels, settings);
    const HiddenChecks* hidden = spec_hidden == settings.hidden.end() ? nullptr : &spec_hidden->second;
    if (wants(settings, Stage::correctness) || wants(settings, Stage::speedup))
        job.checks = correctness_checks(work.spec, hidden);
    if (wants(settings, Stage::speedup) && work.spec.speedup) work.timed = timed_check(work.spec, hidden);
    UnitRunner& runner = grading.runner;
    Progress& progress = grading.progress;
    for (std::size_t s = 0; s < work.sets.size(); ++s) {
        // The build stage needs the first set only; the others run only when correctness is graded.
        if (s > 0 && !wants(settings, Stage::correctness)) break;
        SetWork& set = work.sets[s];
        const WorkerJob set_job = at_set(job, set.set);
        tasks.push_back([&set, set_job, &runner, &progress] {
            set.check = runner.run(set_job);
            progress.report(*set.check);
            // A wrong result on PoCL gets a second opinion: PoCL's other work-group compiler. The
            // set counts as PoCL's miscompilation only if every wrong size is right that way
            // (stage_correctness.cpp, pocl_miscompiled), so the first wrong size goes first: still
            // wrong, and the kernel is wrong there whatever the others give.
            if (const auto wrong = wrong_on_pocl(*set.check); !wrong.empty()) {
                WorkerJob again = set_job;
                again.checks = {wrong.front()};
                again.pocl_work_group_method = "cbs";
                set.pocl_cbs = runner.run(again);
                progress.report(*set.pocl_cbs);
                if (wrong.size() > 1 && every_check_right(*set.pocl_cbs)) {
                    again.checks = wrong;
                    set.pocl_cbs = runner.run(again);
                    progress.report(*set.pocl_cbs);
                }
            }
        });
    }
}

// Phase 2 for one lab that builds: the static analysis. A kernel that does not build is not
// analysed (its barriers stage is "not run"), so a preprocessor bomb costs the grader one build:
// the compiler stopped at a limit reports no build at all, and is not analysed either.
void add_static_task(LabWork& work, const Grading& grading, std::vector<std::function<void()>>& tasks) {
    if (!build_succeeded(work.check())) return;
    auto static_job = job_for(work, JobKind::static_analysis, grading.kernels, grading.settings);
    UnitRunner& runner = grading.runner;
    Progress& progress = grading.progress;
    tasks.push_back([&work, static_job, &runner, &progress] {
        work.static_run = runner.run(static_job);
        progress.report(*work.static_run);
    });
}

// The race sizes Oclgrind can still run at a set where the kernel did not finish a check on the
// device: those that need no more work than a size it did finish there. A larger one would likely
// hang under Oclgrind too, where one launch may take a minute and a half; what is left out is
// said, and scores nothing.
std::vector<SizeCheck> runnable_after_hang(const course::LabSpec& spec, const course::DefineSet& set,
                                           const UnitRun& check, const std::vector<SizeCheck>& race) {
    double finished = -1.0;
    for (const auto* done : check.all<CheckEvent>()) {
        if (done->ran) finished = std::max(finished, simulated_work(spec, set.defines, {done->check}));
    }
    std::vector<SizeCheck> runnable;
    for (const auto& size : race) {
        if (simulated_work(spec, set.defines, {size}) <= finished) runnable.push_back(size);
    }
    return runnable;
}

std::string sizes_list(const std::vector<SizeCheck>& checks) {
    std::string text;
    for (const auto& c : checks) text += (text.empty() ? "" : ", ") + c.size;
    return text;
}

// Whether Oclgrind checks uninitialised reads at `set`: its race sizes are cheap enough
// (kUninitializedWorkLimit), or it is the cheapest set of the lab, so that every lab has the check once.
bool uninitialized_at(const LabWork& work, const SetWork& set) {
    const auto work_at = [&](const SetWork& s) {
        return simulated_work(work.spec, s.set.defines, race_checks(work.spec, s.set.defines));
    };
    const double here = work_at(set);
    if (here <= kUninitializedWorkLimit) return true;
    return std::none_of(work.sets.begin(), work.sets.end(), [&](const SetWork& other) {
        return &other != &set && (work_at(other) < here || (work_at(other) == here && &other < &set));
    });
}

// Phase 2 for one lab that builds: Oclgrind at every define set small enough to simulate.
void add_oclgrind_tasks(LabWork& work, const Grading& grading, std::vector<std::function<void()>>& tasks) {
    if (!build_succeeded(work.check())) return;
    UnitRunner& runner = grading.runner;
    Progress& progress = grading.progress;
    // Oclgrind 21.10 marks every read_imagef result uninitialised: lab 08 turns that plugin off.
    const bool lab_uninitialized = work.spec.setting<bool>("oclgrind", "uninitialized").value_or(true);
    for (auto& set : work.sets) {
        // A set the device cannot run is left out of every stage (the correctness stage says so).
        if (set.check && set.check->first<SetSkippedEvent>() != nullptr) continue;
        auto job = at_set(job_for(work, JobKind::dynamic, grading.kernels, grading.settings), set.set);
        job.checks = race_checks(work.spec, set.set.defines);
        if (simulated_work(work.spec, set.set.defines, job.checks) > kOclgrindWorkLimit) {
            set.oclgrind_left_out =
                fmt::format("'{}' (too large to simulate: the host pads to its tiles)", set.set.name);
            continue;
        }
        set.oclgrind_planned = job.checks.size();
        if (set.check && set.check->outcome.end == ChildEnd::timed_out) {
            const auto runnable = runnable_after_hang(work.spec, set.set, *set.check, job.checks);
            if (runnable.size() < job.checks.size()) {
                set.oclgrind_unchecked = fmt::format(
                    "not at '{}' {}: the kernel did not finish a check on the graded device there (see the "
                    "correctness stage), so Oclgrind ran only the sizes no larger than one it finished",
                    set.set.name, runnable.empty() ? sizes_list(job.checks) : "at some sizes");
            }
            if (runnable.empty()) continue;
            job.checks = runnable;
        }
        const bool uninitialized = lab_uninitialized && uninitialized_at(work, set);
        set.uninitialized_left_out = lab_uninitialized && !uninitialized;
        tasks.push_back([&set, job, &runner, &progress, uninitialized] {
            set.dynamic = runner.run(job, {}, uninitialized);
            progress.report(*set.dynamic);
            if (oclgrind_needs_retry(*set.dynamic)) {
                // Oclgrind 21.10 cannot follow some instructions of optimised code ("freeze"): once more,
                // unoptimised.
                set.dynamic = runner.run(job, {"--build-options", "-cl-opt-disable"}, uninitialized);
                progress.report(*set.dynamic);
            }
        });
    }
}

// Phase 2 for one lab that builds, with --memory-feedback and a [memory] table: the memory lens's
// run, as `lab run NN --memory` makes it. Feedback only (memory_feedback.hpp).
void add_memory_task(LabWork& work, const Grading& grading, std::vector<std::function<void()>>& tasks) {
    const RunnerSettings& runner_settings = grading.runner.settings();
    if (!grading.settings.memory_feedback || !work.spec.memory) return;  // lab 07 has no [memory] table
    if (runner_settings.memory_plugin.empty()) {
        work.memory_unavailable = memory_lens_missing_text();
        return;
    }
    if (!build_succeeded(work.check()) || runner_settings.oclgrind.empty())
        return;  // no build, no report; without Oclgrind the barriers stage says what is missing
    // A kernel that did not finish a check on the device would likely hang the simulation too, for
    // a minute and a half of Oclgrind: it gets a sentence instead.
    const bool hung = std::any_of(work.sets.begin(), work.sets.end(), [](const SetWork& set) {
        return set.check && set.check->outcome.end == ChildEnd::timed_out;
    });
    if (hung) {
        work.memory_unavailable =
            memory_not_made_text("the kernel did not finish a check on the graded device (see the correctness stage)");
        return;
    }
    work.memory_spec = course::load_lab(grading.settings.root, work.spec.folder, course::DeviceClass::gpu);
    const auto job = memory_report_job(job_for(work, JobKind::dynamic, grading.kernels, grading.settings),
                                       *work.memory_spec, grading.settings.defines);
    if (!job) return;
    UnitRunner& runner = grading.runner;
    Progress& progress = grading.progress;
    tasks.push_back([&work, job = *job, &runner, &progress] {
        work.memory = runner.run_memory_report(job);
        progress.report(*work.memory);
    });
}

// Near the threshold the speedup is timed again, its rounds pooled with the earlier ones, until
// the ratio's interval decides or the timings run out (stage_speedup.cpp, speed_call).
void retime_near_threshold(LabWork& work, const WorkerJob& job, const Grading& grading) {
    const double min_ratio = grading.settings.min_ratio.value_or(work.spec.speedup->min_ratio);
    while (1 + static_cast<int>(work.speedup_retimes.size()) < kMostSpeedTimings) {
        if (work.speedup->first<TimingEvent>() == nullptr) return;
        if (speed_decided(speed_call(pooled_ratio(*work.speedup, work.speedup_retimes), min_ratio))) return;
        UnitRun again = grading.runner.run(job);
        grading.progress.report(again);
        const bool timed = again.first<TimingEvent>() != nullptr;
        work.speedup_retimes.push_back(std::move(again));
        if (!timed) return;
    }
}

// Phase 3 for one lab: its timing, when it builds and is right.
void time_lab(LabWork& work, const Grading& grading) {
    if (!work.timed || !build_succeeded(work.check())) return;
    if (!course::baseline_in_course(grading.settings.root, work.spec)) return;  // the student edition
    const Verdict right = evaluate_correctness(work.lab, work.set_runs()).verdict;
    if (right != Verdict::pass && right != Verdict::warn) return;
    auto job = job_for(work, JobKind::speedup, grading.kernels, grading.settings);
    job.checks = {*work.timed};
    job.min_ratio = grading.settings.min_ratio.value_or(work.spec.speedup->min_ratio);
    work.speedup = grading.runner.run(job);
    grading.progress.report(*work.speedup);
    // The kernel was right at every check (compiled ahead), but PoCL's work-group functions
    // specialised to the timed size got it wrong: once more compiled as the checks were (PoCL's bug,
    // checker/README.md "A runtime's bug is not the student's"; both kernels timed that way).
    if (wrong_on_pocl_when_timed(*work.speedup)) {
        job.compile_ahead = true;
        UnitRun again = grading.runner.run(job);
        grading.progress.report(again);
        if (again.first<TimingEvent>() != nullptr) work.speedup = std::move(again);
    }
    retime_near_threshold(work, job, grading);
}

std::vector<StageResult> results_for(LabWork& work, const GradeSettings& settings) {
    std::vector<StageResult> results;
    const LabUnderTest& lab = work.lab;
    const StageResult build = evaluate_build(lab, work.check());
    const bool built = build.verdict == Verdict::pass || build.verdict == Verdict::warn;
    const auto blocked = [&](Stage stage) {
        return build.verdict == Verdict::error
                   ? grader_error(lab, stage, "the build could not be judged (see the build stage)")
                   : not_run(lab, stage, "the kernel does not build");
    };
    std::optional<StageResult> correctness;
    if (built) correctness = evaluate_correctness(lab, work.set_runs());

    for (const Stage stage : settings.stages) {
        switch (stage) {
            case Stage::build:
                results.push_back(build);
                break;
            case Stage::correctness:
                results.push_back(built ? *correctness : blocked(stage));
                break;
            case Stage::barriers:
                results.push_back(built ? evaluate_barriers(lab, *work.static_run, work.dynamic_runs())
                                        : blocked(stage));
                if (work.memory) results.back().feedback = memory_feedback_text(lab, *work.memory_spec, *work.memory);
                if (built && !work.memory_unavailable.empty()) results.back().feedback = work.memory_unavailable;
                break;
            case Stage::speedup:
                if (!work.spec.speedup) break;  // this lab has no speed target
                if (!course::baseline_in_course(settings.root, work.spec)) {
                    // The student edition: the stage counts in no total, right kernel or wrong, so that
                    // every kernel's total is out of the same points.
                    results.push_back(speedup_baseline_not_here(lab));
                } else if (!built) {
                    results.push_back(blocked(stage));
                } else if ((correctness->verdict != Verdict::pass && correctness->verdict != Verdict::warn) ||
                           !work.speedup) {
                    results.push_back(
                        not_run(lab, stage, "the kernel is not right yet: speed counts only for a right answer"));
                } else {
                    results.push_back(evaluate_speedup(lab, *work.speedup, work.speedup_retimes,
                                                       settings.min_ratio.value_or(work.spec.speedup->min_ratio)));
                }
                break;
        }
    }
    return results;
}

}  // namespace

double SubmissionReport::score() const {
    double total = 0.0;
    for (const auto& r : results) total += r.points;
    // A sum of fractions: 4.86, not 4.859999999999999, on Gradescope and in the gradebook.
    return std::round(total * 1e6) / 1e6;
}

double SubmissionReport::max_score() const {
    double total = 0.0;
    for (const auto& r : results) total += r.max_points;
    return total;
}

int SubmissionReport::exit_status() const {
    int status = 0;
    for (const auto& r : results) {
        if (r.verdict == Verdict::error) return 2;
        if (r.verdict == Verdict::fail) status = 1;
    }
    return status;
}

course::KernelSet with_labs_layout(const course::KernelSet& kernels, const std::vector<std::string>& lab_folders) {
    std::error_code ec;
    for (const auto& folder : lab_folders) {
        if (std::filesystem::exists(std::filesystem::symlink_status(kernels.dir / folder, ec))) return kernels;
    }
    const auto labs = kernels.dir / "labs";
    if (!std::filesystem::is_directory(std::filesystem::symlink_status(labs, ec))) return kernels;
    return {labs, kernels.display_dir + "/labs"};
}

DeviceReport probe_device(UnitRunner& runner, const std::string& device) {
    WorkerJob job;
    job.kind = JobKind::probe;
    job.device = device;
    const UnitRun run = runner.run(job);
    if (const auto* found = run.first<DeviceEvent>()) return {found->label, found->device_class};
    if (const auto* error = run.first<ErrorEvent>()) {
        throw course::UserError({"an OpenCL device to grade on", error->message.empty() ? "no device" : error->message,
                                 "--device",
                                 "run `build/common/lab devices` to see the devices"});
    }
    const AbnormalEnd end = abnormal_end(run, "while opening the device");
    throw course::UserError({"an OpenCL device to grade on",
                             end.happened ? end.text : std::string("the device probe reported nothing"),
                             "OpenCL runtime", "run `build/common/lab devices` to see that the driver works"});
}

namespace {

// Claims each lab's key: the first submission with those files grades them, the others wait.
void claim_labs(std::vector<LabWork>& works, const LabSharing* sharing) {
    if (sharing == nullptr || sharing->verdicts == nullptr) return;
    for (auto& work : works) {
        const auto key = sharing->keys.find(work.spec.folder);
        if (key == sharing->keys.end()) continue;
        auto claim = sharing->verdicts->claim(key->second);
        if (claim.mine) {
            work.owned_key = key->second;
        } else {
            work.shared = std::move(claim.graded);
        }
    }
}

// Whatever happens, no submission waits for ever on a lab this one claimed and did not publish.
struct UnpublishedClaims {
    std::vector<LabWork>& works;
    const LabSharing* sharing;
    const std::string& display_dir;
    ~UnpublishedClaims() {
        for (auto& work : works) {
            if (!work.owned_key.empty()) sharing->verdicts->abandon(work.owned_key, display_dir);
        }
    }
};

// A lab another submission graded, as this one's; when that grading failed, the grader's error.
std::vector<StageResult> waited_results(LabWork& work, const GradeSettings& settings, const std::string& display_dir) {
    const GradedLab& graded = work.shared->get();
    if (!graded.failed) return shared_results(graded, display_dir);
    std::vector<StageResult> results;
    for (const Stage stage : settings.stages) {
        if (stage == Stage::speedup && !work.spec.speedup) continue;
        results.push_back(grader_error(work.lab, stage,
                                       "the grader stopped while grading identical files handed in by another "
                                       "student: grade this submission again"));
    }
    return results;
}

// Every lab's results in lab order: first those this submission graded (publishing the ones it owes
// the others), then those it shares, so two submissions never wait on each other.
std::vector<StageResult> all_results(std::vector<LabWork>& works, const GradeSettings& settings,
                                     const LabSharing* sharing, const std::string& display_dir) {
    std::vector<std::vector<StageResult>> per_lab(works.size());
    for (std::size_t i = 0; i < works.size(); ++i) {
        if (works[i].shared) continue;
        per_lab[i] = results_for(works[i], settings);
        if (works[i].owned_key.empty()) continue;
        sharing->verdicts->publish(works[i].owned_key, {display_dir, per_lab[i], false});
        works[i].owned_key.clear();
    }
    for (std::size_t i = 0; i < works.size(); ++i) {
        if (works[i].shared) per_lab[i] = waited_results(works[i], settings, display_dir);
    }
    std::vector<StageResult> results;
    for (auto& lab : per_lab) results.insert(results.end(), lab.begin(), lab.end());
    return results;
}

}  // namespace

SubmissionReport grade_submission(const course::KernelSet& kernels, const GradeSettings& settings, UnitRunner& runner,
                                  const LabSharing* sharing) {
    const auto started = std::chrono::steady_clock::now();
    SubmissionReport report;
    report.submission = kernels.display_dir;
    report.device_label = settings.device_report.label;
    report.device_class = settings.device_report.device_class;

    std::vector<LabWork> works;
    for (const auto& folder : settings.lab_folders) {
        LabWork work;
        work.spec = course::load_lab(settings.root, folder, settings.device_report.device_class);
        works.push_back(std::move(work));
    }
    for (auto& work : works) work.lab = LabUnderTest{&work.spec, kernels};
    claim_labs(works, sharing);
    const UnpublishedClaims unpublished{works, sharing, kernels.display_dir};

    Progress progress(settings.progress);
    const Grading grading{kernels, settings, runner, progress};
    // Phase 1: build and check every lab at every define set.
    std::vector<std::function<void()>> tasks;
    for (auto& work : works) {
        if (!work.shared) add_check_tasks(work, grading, tasks);
    }
    run_parallel(tasks, settings.jobs);

    // Phase 2: the static analysis and Oclgrind, for the kernels that build.
    tasks.clear();
    if (wants(settings, Stage::barriers)) {
        for (auto& work : works) {
            if (!work.shared) add_static_task(work, grading, tasks);
        }
        if (!runner.settings().oclgrind.empty()) {
            for (auto& work : works) {
                if (!work.shared) add_oclgrind_tasks(work, grading, tasks);
            }
        }
        for (auto& work : works) {
            if (!work.shared) add_memory_task(work, grading, tasks);
        }
    }
    run_parallel(tasks, settings.jobs);

    // Phase 3: timing, one lab at a time with the device to itself.
    if (wants(settings, Stage::speedup)) {
        for (auto& work : works) {
            if (!work.shared) time_lab(work, grading);
        }
    }

    report.results = all_results(works, settings, sharing, kernels.display_dir);
    report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return report;
}

}  // namespace labcheck
