// Text from outside (a student's file or folder name) put into a report's format:
// a CSV cell a spreadsheet will not run, and HTML/SVG text that is never markup.
#pragma once

#include <string>

namespace course {

// A CSV field, quoted when it needs to be; one that starts like a formula (=, +, -, @, a tab or a
// carriage return) gets a leading apostrophe so that a spreadsheet shows it as text.
std::string csv_field(const std::string& text);

// `text` with &, <, >, " and ' written as entities: safe inside HTML or SVG text and attributes.
std::string html_escaped(const std::string& text);

}  // namespace course
