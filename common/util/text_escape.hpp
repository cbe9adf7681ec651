// Text from outside (a student's file or folder name, a compiler's or Oclgrind's output) put into a
// report's format: terminal or Markdown text that never drives the terminal, a CSV cell a spreadsheet
// will not run, and HTML/SVG text that is never markup.
#pragma once

#include <string>
#include <string_view>

namespace course {

// `text` with every character that could steer a terminal or hide text written out visibly, as a C
// programmer reads it: C0 controls other than newline and tab (ESC is "\x1b", a bare carriage return
// "\x0d"), DEL ("\x7f"), C1 controls written in UTF-8 ("\u009b"), bytes that are not UTF-8 ("\xff"),
// and the bidirectional overrides and isolates (U+202A-U+202E, U+2066-U+2069: "\u202e") that can
// show code in another order than the compiler reads it. A carriage return before a newline (a
// Windows line end) is dropped. Everything else, UTF-8 letters and symbols included, is kept.
// Applying it twice gives the same text as once.
std::string printable_text(std::string_view text);

// A CSV field, quoted when it needs to be; one that starts like a formula (=, +, -, @, a tab or a
// carriage return) gets a leading apostrophe so that a spreadsheet shows it as text. Control
// characters are written out as printable_text does.
std::string csv_field(const std::string& text);

// `text` with &, <, >, " and ' written as entities: safe inside HTML or SVG text and attributes.
// Control characters are written out as printable_text does.
std::string html_escaped(const std::string& text);

}  // namespace course
