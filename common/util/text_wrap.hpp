// Paragraphs for an 80–100 column terminal: long lines broken at spaces,
// every line indented, each line's own leading spaces kept.
#pragma once

#include <cstddef>
#include <string>

namespace course {

// Display columns of UTF-8 text (one per code point: "×" and "µ" count once).
std::size_t columns(const std::string& text);

// `text` with each line indented by `indent` spaces and broken at spaces so no
// line is wider than `width` columns (a single word longer than that stays whole).
std::string wrapped(const std::string& text, std::size_t width, std::size_t indent);

}  // namespace course
