// PrairieLearn's external-grader results (/grade/results/results.json): `score`
// in [0, 1], one test per lab and stage with `points`, `max_points`, `message`
// and `output`. A kernel that does not build is not gradable (`gradable: false`
// with `format_errors`), so a compile error costs the student no attempt; the
// same holds when the grader itself could not judge a stage. A course that wants a compile error to
// cost an attempt sets it per question (checker/prairielearn/compile_error_policy.py, docs/prairielearn.md).
// A submission that is not gradable has no points in its message.
#pragma once

#include "stages/submission_grading.hpp"

#include <nlohmann/json.hpp>

namespace labcheck {

// `whole_report` is the text the student reads as the submission's output (the terminal report).
// Every string printable (printable_strings in report_text.hpp).
nlohmann::json prairielearn_results(const SubmissionReport& report, const std::string& whole_report);

}  // namespace labcheck
