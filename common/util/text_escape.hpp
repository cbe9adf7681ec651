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
// the bidirectional overrides and isolates (U+202A-U+202E, U+2066-U+2069: "\u202e") that can
// show code in another order than the compiler reads it, and the characters drawn as nothing (the
// zero-width spaces and joiners U+200B-U+200F, U+2060-U+2064, the byte-order mark U+FEFF, the soft
// hyphen U+00AD, U+034F, U+061C, U+180E: "transpose\u200b"). A carriage return before a newline (a
// Windows line end) is dropped. Everything else, UTF-8 letters and symbols included, is kept.
// Applying it twice gives the same text as once.
std::string printable_text(std::string_view text);

// A name the program compares byte by byte (a kernel's, a preprocessor directive's, a file's) as a
// message shows it: printable_text, and every other character outside ASCII written as its code point
// ("#\u0456nclude": a Cyrillic i that looks like the Latin one must not read as the real name).
std::string ascii_name(std::string_view text);

// The code point of the UTF-8 sequence at `at` and the sequence's length in bytes; 0 when the bytes
// there are not UTF-8 (overlong forms, surrogates and code points past U+10FFFF included).
std::size_t utf8_sequence(std::string_view text, std::size_t at, char32_t& code_point);

// A CSV field, quoted when it needs to be; one that starts like a formula (=, +, -, @, a tab or a
// carriage return) gets a leading apostrophe so that a spreadsheet shows it as text. Control
// characters are written out as printable_text does.
std::string csv_field(const std::string& text);

// `text` with &, <, >, " and ' written as entities: safe inside HTML or SVG text and attributes.
// Control characters are written out as printable_text does.
std::string html_escaped(const std::string& text);

// `text` with every occurrence of `from` (not empty) replaced by `to`, left to right.
std::string replaced_all(std::string text, const std::string& from, const std::string& to);

}  // namespace course
