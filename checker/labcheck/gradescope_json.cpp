#include "gradescope_json.hpp"

#include <fmt/format.h>

namespace labcheck {

nlohmann::json gradescope_test(const StageResult& r) {
    std::string output = fmt::format("{}: {}", verdict_name(r.verdict), r.reason);
    if (!r.details.empty()) output += fmt::format("\n\n{}:\n{}", r.file, r.details);
    nlohmann::json findings = nlohmann::json::array();
    for (const auto& f : r.findings) {
        findings.push_back({{"source", f.source},
                            {"rule", f.rule},
                            {"severity", f.error ? "error" : "warning"},
                            {"file", f.file},
                            {"line", f.line},
                            {"summary", f.summary}});
    }
    nlohmann::json extra{{"lab", r.lab},
                         {"lab_folder", r.lab_folder},
                         {"file", r.file},
                         {"stage", stage_name(r.stage)},
                         {"verdict", verdict_name(r.verdict)},
                         {"reason", r.reason},
                         {"findings", findings},
                         {"seconds", r.seconds}};
    if (r.ratio) {
        extra["baseline_seconds"] = *r.baseline_seconds;
        extra["submission_seconds"] = *r.submission_seconds;
        extra["ratio"] = *r.ratio;
        extra["min_ratio"] = *r.min_ratio;
    }
    return {{"name", test_name(r)},
            {"score", r.points},
            {"max_score", r.max_points},
            {"status", r.verdict == Verdict::pass || r.verdict == Verdict::warn ? "passed" : "failed"},
            {"output", output},
            {"visibility", "visible"},
            {"extra_data", extra}};
}

nlohmann::json gradescope_results(const SubmissionReport& report) {
    nlohmann::json tests = nlohmann::json::array();
    for (const auto& r : report.results) tests.push_back(gradescope_test(r));
    return {{"score", report.score()},
            {"output", fmt::format("labcheck graded {} on {}: {} / {} points.", report.submission, report.device_label,
                                   report.score(), report.max_score())},
            {"visibility", "visible"},
            {"stdout_visibility", "visible"},
            {"tests", tests}};
}

}  // namespace labcheck
