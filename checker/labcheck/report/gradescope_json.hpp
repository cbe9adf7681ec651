// Gradescope's results.json (https://gradescope-autograders.readthedocs.io,
// "Output format"): the score, and one test per lab and stage named "04
// barriers" with score, max_score, status ("passed"/"failed"), output and
// visibility. extra_data carries the verdict and findings for tools.
#pragma once

#include "stages/submission_grading.hpp"

#include <nlohmann/json.hpp>

namespace labcheck {

// Every string printable (printable_strings).
nlohmann::json gradescope_results(const SubmissionReport& report);

// One test entry, as in the "tests" list.
nlohmann::json gradescope_test(const StageResult& result);

}  // namespace labcheck
