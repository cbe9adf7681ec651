// Stage 2, correctness: the kernel's result at every contract size and every
// hidden size and seed, against the double-precision reference, with NaN-filled
// outputs and guard zones (the harness's LabProblem::check does the comparing).
#include "stages.hpp"

#include <fmt/format.h>

#include <cmath>
#include <regex>

namespace labcheck {

namespace {

constexpr std::size_t kOtherFailuresShown = 4;  // wrong sizes listed after the first

std::string size_label(const SizeCheck& check) {
    return fmt::format("size {} (seed {}{})", check.size, check.seed, check.hidden ? ", a hidden size" : "");
}

// The first sentence of a paragraph, for one-line summaries.
std::string first_sentence(const std::string& text) {
    const auto newline = text.find('\n');
    std::string line = text.substr(0, newline);
    const auto stop = line.find(". ");
    return stop == std::string::npos ? line : line.substr(0, stop + 1);
}

// ... without parenthetical asides, for the table: "at[3][1] was never written: expected 0.25."
std::string terse(const std::string& sentence) {
    static const std::regex aside(R"( \([^()]*\))");
    return std::regex_replace(sentence, aside, "");
}

}  // namespace

StageResult evaluate_correctness(const LabUnderTest& lab, const UnitRun& check) {
    StageResult r = empty_result(lab, Stage::correctness);
    r.seconds = check.outcome.seconds;
    const auto& planned = check.job.checks;
    if (planned.empty()) {
        r.verdict = Verdict::pass;
        r.points = r.max_points;
        r.reason = "no sizes to check";
        return r;
    }

    std::size_t passed = 0;
    std::size_t hidden = 0;
    std::string first_failure;
    std::string details;
    std::size_t also_wrong = 0;
    const auto results = check.all("check");
    for (std::size_t i = 0; i < results.size() && i < planned.size(); ++i) {
        const auto& event = *results[i];
        if (planned[i].hidden) ++hidden;
        if (event.value("ok", false)) {
            ++passed;
            continue;
        }
        const std::string problem = event.value("problem", "");
        if (first_failure.empty()) {
            // The first wrong size in full; the others in a line each.
            first_failure = fmt::format("{}: {}", planned[i].size, terse(first_sentence(problem)));
            details += fmt::format("{}: {}\n  reproduce: {}\n", size_label(planned[i]), problem,
                                   lab.reproduce(planned[i].size, planned[i].seed));
        } else if (++also_wrong <= kOtherFailuresShown) {
            details += fmt::format("also wrong at {}: {}\n", size_label(planned[i]), first_sentence(problem));
        }
    }

    if (also_wrong > kOtherFailuresShown) {
        details += fmt::format("and wrong at {} more size(s).\n", also_wrong - kOtherFailuresShown);
    }

    if (results.size() < planned.size()) {
        const AbnormalEnd end = abnormal_end(check, unfinished_activity(check));
        if (end.grader_problem) return grader_error(lab, Stage::correctness, end.text);
        const std::size_t unfinished = planned.size() - results.size();
        const std::string text = end.happened ? end.text : "the worker stopped before checking every size.";
        if (first_failure.empty()) first_failure = first_sentence(text);
        details += text + "\n";
        if (unfinished > 1) {
            details += fmt::format("{} more size(s) were not checked after it.\n", unfinished - 1);
        }
        for (std::size_t i = results.size(); i < planned.size(); ++i) {
            if (planned[i].hidden) ++hidden;
        }
    }

    const std::size_t total = planned.size();
    r.points = std::round(r.max_points * static_cast<double>(passed) / static_cast<double>(total) * 100.0) / 100.0;
    if (passed == total) {
        r.verdict = Verdict::pass;
        r.reason = hidden > 0 ? fmt::format("right at all {} sizes ({} of them hidden)", total, hidden)
                              : fmt::format("right at all {} sizes", total);
        return r;
    }
    r.verdict = Verdict::fail;
    r.reason = fmt::format("{}/{} sizes right; {}", passed, total, first_failure);
    r.details = details;
    return r;
}

}  // namespace labcheck
