// Gradescope's results.json (https://gradescope-autograders.readthedocs.io,
// "Output format"): the score, and one test per lab and stage named "04
// barriers" with score, max_score, status ("passed"/"failed"), output and
// visibility. extra_data carries the verdict and findings for tools.
#pragma once

#include "stages/submission_grading.hpp"

#include <nlohmann/json.hpp>

namespace labcheck {

// What one test may say at most: a kernel with thousands of findings or a compiler that writes
// megabytes must not make results.json (or the terminal) unreadable.
constexpr std::size_t kMaxTestOutputBytes = 8 * 1024;
constexpr std::size_t kMaxTestFindings = 20;

// `text` cut at about `limit` bytes (at a line end when one is near, never inside a UTF-8
// character), followed by a line saying how much was cut; unchanged when it fits.
std::string capped_text(const std::string& text, std::size_t limit);

// Every string of `json` (values, recursively) through course::printable_text: the results a
// platform shows or a script prints never carry a control character from a student's file or a
// tool's output (the JSON's own \u001b escape would come back raw when it is read).
nlohmann::json printable_strings(nlohmann::json json);

// Every string printable (printable_strings).
nlohmann::json gradescope_results(const SubmissionReport& report);

// One test entry, as in the "tests" list.
nlohmann::json gradescope_test(const StageResult& result);

}  // namespace labcheck
