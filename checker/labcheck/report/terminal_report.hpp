// The report a person reads in a terminal: a table with one row per lab and
// stage (result, points, one-line reason), the total, then the full messages
// of every stage that did not simply pass, indented and wrapped. No control
// character of a student's file or a tool's output reaches the terminal: they are
// written out visibly (course::printable_text).
#pragma once

#include "util/text_wrap.hpp"  // wrapped(), used with the report

#include "stages/submission_grading.hpp"

#include <string>

namespace labcheck {

std::string terminal_report(const SubmissionReport& report);

}  // namespace labcheck
