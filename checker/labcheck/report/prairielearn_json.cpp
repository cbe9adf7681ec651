#include "report/prairielearn_json.hpp"

#include "report/report_text.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace labcheck {

namespace {

constexpr std::size_t kMaxReportBytes = 64 * 1024;  // PrairieLearn takes at most 1 MB in all

// Why the submission cannot be graded: each lab of which nothing was read from the upload (the notes
// say why, in the upload's own names), each kernel that does not build, each stage the grader could
// not judge. Empty when it can be graded.
std::vector<std::string> format_errors(const SubmissionReport& report) {
    std::vector<std::string> errors;
    for (const auto& r : report.results) {
        if (r.upload_not_read) {
            if (r.stage == Stage::build) errors.push_back(capped_text(fmt::format("Lab {}: {}", r.lab, r.details),
                                                                      kMaxTestOutputBytes));
        } else if (r.stage == Stage::build && r.verdict == Verdict::fail) {
            errors.push_back(capped_text(fmt::format("Lab {}: {} does not build: {}\n{}", r.lab, r.file, r.reason,
                                                     r.details),
                                         kMaxTestOutputBytes));
        } else if (r.verdict == Verdict::error) {
            errors.push_back(fmt::format("Lab {}, {}: the grader could not judge this stage ({}). This is not your "
                                         "kernel's fault: tell the instructor.",
                                         r.lab, stage_name(r.stage), r.reason));
        }
    }
    return errors;
}

nlohmann::json prairielearn_test(const StageResult& r) {
    std::string output = fmt::format("{}: {}", verdict_name(r.verdict), r.reason);
    if (!r.details.empty()) output += fmt::format("\n\n{}:\n{}", r.file, r.details);
    if (!r.feedback.empty()) output += "\n\n" + r.feedback;
    return {{"name", test_name(r)},
            {"description", fmt::format("lab {} ({}), {} stage", r.lab, r.lab_folder, stage_name(r.stage))},
            {"points", r.points},
            {"max_points", r.max_points},
            {"message", r.reason},
            {"output", capped_text(output, kMaxTestOutputBytes)}};
}

}  // namespace

nlohmann::json prairielearn_results(const SubmissionReport& report, const std::string& whole_report) {
    nlohmann::json tests = nlohmann::json::array();
    for (const auto& r : report.results) tests.push_back(prairielearn_test(r));
    const auto errors = format_errors(report);
    // Not gradable: no points to state (PrairieLearn records none), and the student should read why first.
    const std::string total = errors.empty() ? fmt::format("labcheck on {}: {:g} / {:g} points.", report.device_label,
                                                           report.score(), report.max_score())
                                             : fmt::format("labcheck on {}: not graded ({}); this submission "
                                                           "is not scored.", report.device_label, errors.size() == 1
                                                           ? "see the message below" : "see the messages below");
    nlohmann::json results{{"tests", tests}, {"message", total}, {"output", capped_text(whole_report, kMaxReportBytes)}};
    for (const auto& note : report.upload_notes) {  // how the upload was read, in Gradescope's words
        results["message"] = results["message"].get<std::string>() + " " + note;
    }
    if (!errors.empty()) {
        results["gradable"] = false;
        results["format_errors"] = errors;
        return printable_strings(std::move(results));
    }
    const double max = report.max_score();
    results["gradable"] = true;
    results["score"] = max > 0.0 ? std::clamp(report.score() / max, 0.0, 1.0) : 0.0;
    return printable_strings(std::move(results));
}

}  // namespace labcheck
