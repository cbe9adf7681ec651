// Stage 4, speedup: the kernel against the lab's baseline from kernels/, on the
// same device, in one process, launches interleaved, medians compared.
#include "stages.hpp"

#include "duration_text.hpp"
#include "lab_session.hpp"

#include <fmt/format.h>

namespace labcheck {

namespace {}  // namespace

StageResult evaluate_speedup(const LabUnderTest& lab, const UnitRun& speedup, double min_ratio) {
    StageResult r = empty_result(lab, Stage::speedup);
    r.seconds = speedup.outcome.seconds;
    r.min_ratio = min_ratio;
    if (build_failed(speedup)) return not_run(lab, Stage::speedup, "the kernel does not build");
    if (const auto* error = speedup.first("error")) {
        return grader_error(lab, Stage::speedup, error->value("message", "the baseline could not be run"));
    }
    const auto* timing = speedup.first("timing");
    if (timing == nullptr) {
        r.verdict = Verdict::fail;
        const AbnormalEnd end = abnormal_end(speedup, unfinished_activity(speedup));
        if (end.grader_problem) return grader_error(lab, Stage::speedup, end.text);
        const auto* run_error = speedup.first("run-error");
        r.details = run_error != nullptr ? run_error->value("message", "")
                    : end.happened       ? end.text
                                         : std::string("the worker reported no timing");
        r.reason = r.details.substr(0, r.details.find('\n'));
        return r;
    }
    const double baseline = timing->value("baseline_seconds", 0.0);
    const double submission = timing->value("submission_seconds", 0.0);
    const std::string size = timing->value("size", "");
    r.baseline_seconds = baseline;
    r.submission_seconds = submission;
    const double ratio = submission > 0.0 ? baseline / submission : 0.0;
    r.ratio = ratio;
    std::string baseline_file = "the baseline";
    if (lab.spec->speedup && lab.spec->speedup->baseline_file == course::kSelfBaseline) {
        baseline_file = "your own kernels with " + lab.spec->speedup->baseline_defines.summary();
    } else if (lab.spec->speedup) {
        baseline_file = "kernels/" + lab.spec->speedup->baseline_file;
    }
    r.details = fmt::format(
        "At size {}: your kernel {} against {} {} (medians of {} interleaved launches): {:.2f}× the baseline's "
        "speed; this lab asks for at least {:g}× on this class of device.",
        size, course::duration_text(submission), baseline_file, course::duration_text(baseline),
        timing->value("repetitions", 0), ratio, min_ratio);
    r.reason = fmt::format("{:.2f}× the baseline (needs {:g}×): {} vs {}", ratio, min_ratio,
                           course::duration_text(submission), course::duration_text(baseline));
    if (ratio >= min_ratio) {
        r.verdict = Verdict::pass;
        r.points = r.max_points;
    } else {
        r.verdict = Verdict::fail;
        r.details += " The lab README says which idea of the lab buys the speed; `build/common/lab run " +
                     lab.spec->number + "` times the kernel at the lab's own size.";
    }
    return r;
}

}  // namespace labcheck
