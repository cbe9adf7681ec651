// The report a person reads in a terminal: a table with one row per lab and
// stage (result, points, one-line reason), the total, then the full messages
// of every stage that did not simply pass, indented and wrapped.
#pragma once

#include "submission_grading.hpp"

#include <string>

namespace labcheck {

std::string terminal_report(const SubmissionReport& report);

// `text` with every line longer than `width` broken at spaces; each piece keeps
// the line's own indentation, and the whole is indented by `indent` spaces.
std::string wrapped(const std::string& text, std::size_t width, std::size_t indent);

}  // namespace labcheck
