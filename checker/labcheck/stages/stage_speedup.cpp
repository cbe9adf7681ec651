// Stage 4, speedup: the kernel against the lab's baseline from kernels/, on the
// same device, in one process, launches interleaved, medians compared. Speed is
// paid only for work done: every timed launch's result is checked (timing.hpp),
// and a wrong one fails the stage whatever the times were.
#include "stages/stages.hpp"

#include "util/duration_text.hpp"
#include "problems/lab_session.hpp"
#include "harness/timing.hpp"

#include <fmt/format.h>

#include <utility>

namespace labcheck {

namespace {

// What the baseline is, in words: "kernels/baselines/matmul_naive.cl", or the lab's own kernels.
std::string baseline_name(const LabUnderTest& lab) {
    if (lab.spec->speedup && lab.spec->speedup->baseline_file == course::kSelfBaseline) {
        return "your own kernels with " + lab.spec->speedup->baseline_defines.summary();
    }
    return lab.spec->speedup ? "kernels/" + lab.spec->speedup->baseline_file : std::string("the baseline");
}

// The define set the speedup job timed: the class defaults (the lab's first set) or the -D given,
// with the defines its build reported. {"'cpu defaults'", "'cpu defaults' (-D TILE_SIZE=16)"}.
std::pair<std::string, std::string> timed_set(const LabUnderTest& lab, const UnitRun& speedup) {
    const auto* build = speedup.first<BuildEvent>();
    // On a device its tuned.toml names, the worker timed that entry's defines (description/tuned_defaults.hpp).
    const auto* timing = speedup.first<TimingEvent>();
    const bool tuned = speedup.job.defines.empty() && timing != nullptr && !timing->tuned_file.empty();
    const std::string name = !speedup.job.defines.empty()     ? "command line"
                             : tuned                          ? "this device's tuned defaults"
                             : lab.spec->define_sets.empty() ? "defaults"
                                                             : lab.spec->define_sets.front().name;
    const std::string flags = build != nullptr ? build->defines.build_options() : std::string();
    return {"'" + name + "'", fmt::format("'{}'{}", name, flags.empty() ? "" : " (" + flags + ")")};
}

// A timed launch computed something wrong: no speed is paid for it, and the stage says why.
StageResult wrong_result(const LabUnderTest& lab, StageResult r, const WrongResultEvent& wrong) {
    const std::string& size = wrong.check.size;
    const std::string launch = course::ordinal(wrong.launch);
    const std::string& message = wrong.message;
    const bool by_baseline = wrong.who == TimedKernel::baseline;
    const bool self_baseline = lab.spec->speedup && lab.spec->speedup->baseline_file == course::kSelfBaseline;
    if (by_baseline && !self_baseline) {
        return grader_error(lab, Stage::speedup,
                            fmt::format("the baseline {} computed a wrong result at the timed size {} ({} timed "
                                        "launch): {} The baseline is the course's own kernel: tell the instructor.",
                                        baseline_name(lab), size, launch, message));
    }
    const std::string whose =
        by_baseline ? "The baseline (" + baseline_name(lab) + ")" : std::string("The kernel");
    r.verdict = Verdict::fail;
    r.points = 0.0;
    r.details = fmt::format(
        "{}'s result at the timed size {} was wrong (the {} timed launch): {}\nSpeed counts only for work done, "
        "so this stage earns no points. Before every timed launch the output is refilled with NaN and the inputs "
        "are restored, and every launch's result is checked against the reference on random inputs: a kernel "
        "that skips work at some sizes or on some launches, or relies on what an earlier launch left in its "
        "buffers, is wrong here even when it was right at the checked sizes. `build/common/lab run {} --size "
        "{}` checks and times it at that size.",
        whose, size, launch, message, lab.spec->number, size);
    r.reason = fmt::format("wrong at the timed size {}: speed counts only for work done", size);
    return r;
}

// The rate and the device's limit for the leaderboard (device_ceiling.hpp); absent when not measured.
void read_rate(const RateEvent& event, StageResult& r) {
    r.rate = event.rate;
    r.rate_unit = course::rate_unit_text(event.unit);
    if (event.ceiling) {
        r.ceiling = *event.ceiling;
        r.ceiling_name = event.ceiling_kind == course::RateCeiling::copy_bandwidth ? "copy bandwidth"
                         : event.cpu_limit ? "CPU limit"  // best of FMA kernel and OpenBLAS (fma_peak.hpp)
                                           : "FMA peak";
    }
}

// No timing came back: why, in the child's words (a crash, a time-out, a run error).
StageResult no_timing(const LabUnderTest& lab, const UnitRun& speedup, StageResult r) {
    r.verdict = Verdict::fail;
    const AbnormalEnd end = abnormal_end(speedup, unfinished_activity(speedup));
    if (end.grader_problem) return grader_error(lab, Stage::speedup, end.text);
    const auto* run_error = speedup.first<RunErrorEvent>();
    r.details = run_error != nullptr ? run_error->message
                : end.happened       ? end.text
                                     : std::string("the worker reported no timing");
    r.reason = r.details.substr(0, r.details.find('\n'));
    return r;
}

// The sentence after the ratio: how it was decided against the threshold.
std::string call_words(SpeedCall call, const course::RatioEstimate& estimate, double min_ratio, int timings) {
    const std::string again = timings > 1 ? fmt::format(" after {} timings ({} rounds)", timings, estimate.rounds)
                                          : fmt::format(" ({} rounds)", estimate.rounds);
    switch (call) {
        case SpeedCall::above:
            return fmt::format(" The whole 95% interval of the ratio, {:.3g}× to {:.3g}×, is at or above {:g}×{}.",
                               estimate.low, estimate.high, min_ratio, again);
        case SpeedCall::below:
            return fmt::format(" The whole 95% interval of the ratio, {:.3g}× to {:.3g}×, is below {:g}×{}.",
                               estimate.low, estimate.high, min_ratio, again);
        case SpeedCall::at_threshold:
            return fmt::format(" The threshold {:g}× lies inside the ratio's 95% interval, {:.3g}× to {:.3g}×{}: the "
                               "kernel is as fast as asked within what this machine can measure, and by the rule "
                               "in checker/README.md it meets the threshold.",
                               min_ratio, estimate.low, estimate.high, again);
        case SpeedCall::too_noisy:
            return fmt::format(" The threshold {:g}× lies inside the ratio's 95% interval, {:.3g}× to {:.3g}×{}, which "
                               "is wider than ±{:.0f}%: the machine was too busy to tell.",
                               min_ratio, estimate.low, estimate.high, again, 100.0 * kAtThresholdWidth);
    }
    return {};
}

// The verdict from the measured ratio, with the runtime's bug said when the timing was redone.
void judge_ratio(const LabUnderTest& lab, const UnitRun& speedup, SpeedCall call, StageResult& r) {
    if (call == SpeedCall::above || call == SpeedCall::at_threshold) {
        r.verdict = Verdict::pass;
        r.points = r.max_points;
        if (speedup.job.compile_ahead) {
            // Timed again the checks' way because PoCL's specialised work-group functions got it wrong.
            r.verdict = Verdict::warn;
            r.details += " Warning: PoCL's work-group functions specialised to this size computed a wrong result, "
                         "while the kernel was right at every check; both kernels were timed again compiled as the "
                         "checks are (one work-group function for every size), where it is right, and that timing "
                         "counts. That is a bug of the OpenCL runtime, not your mistake.";
        }
    } else if (call == SpeedCall::too_noisy) {
        r.verdict = Verdict::error;  // not judged: no points, and the instructor grades it again later
        r.points = 0.0;
        r.details += " The speedup is not judged in this run and earns no points here: grade again when the "
                     "machine is quieter (a class run grades a record with an error again when resumed).";
    } else {
        r.verdict = Verdict::fail;
        r.details += " The lab README says which idea of the lab buys the speed; `build/common/lab run " +
                     lab.spec->number + "` times the kernel at the lab's own size.";
    }
}

// The first timing's wrong result, or a re-timing's: speed is paid only for work done.
const WrongResultEvent* first_wrong(const UnitRun& speedup, const std::vector<UnitRun>& retimes) {
    if (const auto* wrong = speedup.first<WrongResultEvent>()) return wrong;
    for (const auto& run : retimes) {
        if (const auto* wrong = run.first<WrongResultEvent>()) return wrong;
    }
    return nullptr;
}

}  // namespace

StageResult speedup_baseline_not_here(const LabUnderTest& lab) {
    StageResult r = empty_result(lab, Stage::speedup);
    r.verdict = Verdict::skipped;  // counts in no total and leaves the exit status alone
    r.max_points = 0.0;
    r.reason = "graded by your instructor: the speed baseline is in their grader";  // fits the table
    r.details = fmt::format(
        "This copy of the course (the student edition) has no {}, the kernel this lab's speed is measured "
        "against: it is the course's own naive kernel, which would answer a lab, so only the instructor's grader "
        "holds it. The stage counts in no total here; the instructor's grader measures the speedup when it grades "
        "your submission. `build/common/lab run {}` times your kernel on this device; `--versus file:OLD.cl` "
        "times it beside an earlier version of your file, `--versus lab:NN` beside another lab's kernel of yours "
        "that computes the same, and `--versus NAME=VALUE` beside another configuration of it.",
        baseline_name(lab), lab.spec->number);
    return r;
}

SpeedCall speed_call(const course::RatioEstimate& estimate, double min_ratio) {
    if (!estimate.interval_known()) return estimate.median >= min_ratio ? SpeedCall::above : SpeedCall::below;
    if (estimate.low >= min_ratio) return SpeedCall::above;
    if (estimate.high < min_ratio) return SpeedCall::below;
    return estimate.half_width() <= kAtThresholdWidth * estimate.median ? SpeedCall::at_threshold
                                                                       : SpeedCall::too_noisy;
}

bool speed_decided(SpeedCall call) { return call == SpeedCall::above || call == SpeedCall::below; }

course::RatioEstimate pooled_ratio(const UnitRun& speedup, const std::vector<UnitRun>& retimes) {
    const auto* first = speedup.first<TimingEvent>();
    if (first == nullptr) return {};
    if (first->round_ratios.empty()) {
        course::RatioEstimate medians;
        medians.median = first->submission_seconds > 0.0 ? first->baseline_seconds / first->submission_seconds : 0.0;
        medians.low = medians.high = medians.median;
        return medians;
    }
    std::vector<double> ratios = first->round_ratios;
    for (const auto& run : retimes) {
        const auto* timing = run.first<TimingEvent>();
        if (timing != nullptr) {
            ratios.insert(ratios.end(), timing->round_ratios.begin(), timing->round_ratios.end());
        }
    }
    return course::ratio_estimate(std::move(ratios));
}

StageResult evaluate_speedup(const LabUnderTest& lab, const UnitRun& speedup, double min_ratio) {
    return evaluate_speedup(lab, speedup, {}, min_ratio);
}

StageResult evaluate_speedup(const LabUnderTest& lab, const UnitRun& speedup, const std::vector<UnitRun>& retimes,
                             double min_ratio) {
    StageResult r = empty_result(lab, Stage::speedup);
    r.seconds = speedup.outcome.seconds;
    for (const auto& run : retimes) r.seconds += run.outcome.seconds;
    r.min_ratio = min_ratio;
    if (build_failed(speedup)) return not_run(lab, Stage::speedup, "the kernel does not build");
    if (const auto* error = speedup.first<ErrorEvent>()) {
        return grader_error(lab, Stage::speedup,
                            error->message.empty() ? "the baseline could not be run" : error->message);
    }
    if (const auto* wrong = first_wrong(speedup, retimes)) return wrong_result(lab, r, *wrong);
    const auto* timing = speedup.first<TimingEvent>();
    if (timing == nullptr) return no_timing(lab, speedup, r);
    const double baseline = timing->baseline_seconds;
    const double submission = timing->submission_seconds;
    const std::string& size = timing->check.size;
    r.baseline_seconds = baseline;
    r.submission_seconds = submission;
    const auto* rate = speedup.first<RateEvent>();
    if (rate != nullptr) read_rate(*rate, r);
    const course::RatioEstimate estimate = pooled_ratio(speedup, retimes);
    const SpeedCall call = speed_call(estimate, min_ratio);
    r.ratio = estimate.median;
    const std::string baseline_file = baseline_name(lab);
    const auto [set_name, set_words] = timed_set(lab, speedup);
    r.details = fmt::format(
        "At size {} with define set {}: your kernel {} against {} {} (medians of {} interleaved launches): {} the "
        "baseline's speed (the median of the ratios of the rounds' two launches, ± the larger half of its 95% "
        "interval); this lab asks for at least {:g}× on this class of device. Every timed result was checked and right.",
        size, set_words, course::duration_text(submission), baseline_file, course::duration_text(baseline),
        timing->repetitions, course::ratio_text(estimate), min_ratio);
    r.details += call_words(call, estimate, min_ratio, 1 + static_cast<int>(retimes.size()));
    if (rate != nullptr && !rate->ceiling) {  // why no share of the device's limit is given
        if (rate->ceiling_error.rfind("share not meaningful", 0) == 0) {
            r.details += " No share of the device's limit is given: " + rate->ceiling_error + ".";
        }
    }
    r.reason = fmt::format("{} the baseline (needs {:g}×) at {}: {} vs {}{}", course::ratio_text(estimate), min_ratio,
                           set_name, course::duration_text(submission), course::duration_text(baseline),
                           call == SpeedCall::too_noisy ? ": too noisy to decide" : "");
    judge_ratio(lab, speedup, call, r);
    return r;
}

}  // namespace labcheck
