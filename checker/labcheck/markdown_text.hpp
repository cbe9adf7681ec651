// Text for the Markdown that Gradescope renders (output_format "md"): a line whose
// characters stay literal, and a block that keeps its layout (compiler output,
// Oclgrind's reports, aligned tables).
#pragma once

#include <string>

namespace labcheck {

// `text` with every character Markdown could read as formatting escaped by a backslash.
std::string markdown_escaped(const std::string& text);

// `text` in a fenced code block whose fence is longer than any run of backticks inside it.
std::string markdown_block(const std::string& text);

}  // namespace labcheck
