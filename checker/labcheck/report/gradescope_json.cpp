#include "report/gradescope_json.hpp"

#include "report/leaderboard.hpp"
#include "report/markdown_text.hpp"
#include "report/report_text.hpp"
#include "util/text_escape.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace labcheck {

// "4.2": the lab, then the stage in grading order (build 1, correctness 2, barriers 3, speedup 4).
std::string test_number(const StageResult& r) {
    const auto& stages = all_stages();
    const auto at = std::find(stages.begin(), stages.end(), r.stage) - stages.begin() + 1;
    return fmt::format("{}.{}", std::atoi(r.lab.c_str()), at);
}

nlohmann::json gradescope_test(const StageResult& r) {
    // Markdown (output_format "md") in one fenced block: the text stays exactly as labcheck words it
    // (identifiers like get_group_id, `a`, #include are not formatting) and keeps its layout.
    std::string output = fmt::format("{}: {}", verdict_name(r.verdict), r.reason);
    if (!r.details.empty()) output += fmt::format("\n\n{}:\n{}", r.file, r.details);
    if (!r.feedback.empty()) output += "\n\n" + r.feedback;
    output = markdown_block(capped_text(output, kMaxTestOutputBytes));
    nlohmann::json findings = nlohmann::json::array();
    for (const auto& f : r.findings) {
        if (findings.size() == kMaxTestFindings) break;
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
                         {"findings_left_out", r.findings.size() - findings.size()},
                         {"seconds", r.seconds}};
    if (r.rate) {
        extra["rate"] = *r.rate;
        extra["rate_unit"] = r.rate_unit;
    }
    if (r.ceiling) {
        extra["ceiling"] = *r.ceiling;
        extra["ceiling_name"] = r.ceiling_name;
    }
    if (r.ratio) {
        extra["baseline_seconds"] = *r.baseline_seconds;
        extra["submission_seconds"] = *r.submission_seconds;
        extra["ratio"] = *r.ratio;
        extra["min_ratio"] = *r.min_ratio;
    }
    nlohmann::json test = {{"name", test_name(r)},
                           {"number", test_number(r)},
                           {"tags", {"lab " + r.lab, stage_name(r.stage)}},
                           {"score", r.points},
                           {"max_score", r.max_points},
                           {"output", output},
                           {"output_format", "md"},
                           {"visibility", "visible"},
                           {"extra_data", extra}};
    // A stage graded elsewhere has no status: it neither passed nor failed here.
    if (r.verdict != Verdict::skipped) {
        test["status"] = r.verdict == Verdict::pass || r.verdict == Verdict::warn ? "passed" : "failed";
    }
    return test;
}

nlohmann::json gradescope_results(const SubmissionReport& report) {
    nlohmann::json tests = nlohmann::json::array();
    for (const auto& r : report.results) tests.push_back(gradescope_test(r));
    nlohmann::json results{{"score", report.score()},
            {"output", fmt::format("labcheck graded {} on {}: {} / {} points.", markdown_escaped(report.submission),
                                   markdown_escaped(report.device_label),
                                   report.score(), report.max_score())},
            {"output_format", "md"},
            {"execution_time", static_cast<long>(report.seconds + 0.5)},
            {"visibility", "visible"},
            {"stdout_visibility", "hidden"},
            {"tests", tests}};
    if (!report.upload_notes.empty()) {  // the words and layout run_autograder puts above the results
        std::string heading = "**How your upload was read**\n\n";
        for (const auto& note : report.upload_notes) heading += "- " + note + "\n";
        results["output"] = heading + "\n" + results["output"].get<std::string>();
    }
    if (auto board = gradescope_leaderboard(report); !board.empty()) {
        results["leaderboard"] = std::move(board);
        if (cpu_leaderboard(report)) {
            results["output"] = results["output"].get<std::string>() +
                                "\n\nLeaderboard: the speedup over the baseline only. This was timed on a CPU device, "
                                "shared with whatever else the machine runs: a rate moves from run to run there, the "
                                "ratio to the baseline timed in the same rounds much less.";
        }
    } else if (const auto why = not_rankable(report); why && !leaderboard_entries(report).empty()) {
        // The figures stay in each test's extra_data; only the ranking is left out.
        results["output"] = results["output"].get<std::string>() +
                            fmt::format("\n\nNo leaderboard: {}. Your own speed is in the speedup test.", *why);
    }
    return printable_strings(std::move(results));
}

}  // namespace labcheck
