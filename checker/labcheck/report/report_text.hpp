// What every report may say, and how: a test's text capped (a kernel with thousands of findings
// or a compiler that writes megabytes must not make results.json or the terminal unreadable),
// JSON whose strings carry no control character, and JSON written as text.
#pragma once

#include <nlohmann/json.hpp>

#include <cstddef>
#include <string>

namespace labcheck {

// What one test may say at most.
constexpr std::size_t kMaxTestOutputBytes = 8 * 1024;
constexpr std::size_t kMaxTestFindings = 20;

// `text` cut at about `limit` bytes (at a line end when one is near, never inside a UTF-8
// character), followed by a line saying how much was cut; unchanged when it fits.
std::string capped_text(const std::string& text, std::size_t limit);

// Every string of `json` (values, recursively) through course::printable_text: the results a
// platform shows or a script prints never carry a control character from a student's file or a
// tool's output (the JSON's own \u001b escape would come back raw when it is read).
nlohmann::json printable_strings(nlohmann::json json);

// Pretty JSON; a byte that is not UTF-8 (from a student's file) becomes U+FFFD instead of an exception.
std::string json_text(const nlohmann::json& json);

}  // namespace labcheck
