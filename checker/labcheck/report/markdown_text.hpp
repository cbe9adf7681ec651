// Text for the Markdown that Gradescope renders (output_format "md"): a line whose
// characters stay literal, and a block that keeps its layout (compiler output,
// Oclgrind's reports, aligned tables). Both write control characters out visibly
// (course::printable_text): a student's file or folder name and the tools' output reach
// Gradescope's page, and whoever prints results.json, as text that never drives a terminal.
#pragma once

#include <string>

namespace labcheck {

// `text` with every character Markdown could read as formatting escaped by a backslash.
std::string markdown_escaped(const std::string& text);

// `text` in a fenced code block whose fence is longer than any run of backticks inside it.
std::string markdown_block(const std::string& text);

}  // namespace labcheck
