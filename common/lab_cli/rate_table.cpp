#include "rate_table.hpp"

#include "util/duration_text.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace course {

void RateTable::add(const std::string& what, double seconds, double work, double ceiling,
                    const std::string& ceiling_name) {
    const double rate = seconds > 0.0 ? work / seconds * 1e-9 : 0.0;
    std::string share;
    if (ceiling > 0.0) share = fmt::format("{:.0f}% {}", 100.0 * rate / ceiling, ceiling_name);
    rows_.push_back({what, seconds, rate, share});
}

void RateTable::print() const {
    std::size_t width = 0;
    for (const auto& row : rows_) width = std::max(width, row.what.size());
    for (const auto& row : rows_) {
        fmt::print("  {:<{}}  {:>10}  {:>9.1f} {}{}\n", row.what, width, duration_text(row.seconds), row.rate, unit_,
                   row.share.empty() ? "" : "   " + row.share);
    }
}

std::string indented(const std::string& text, int spaces) {
    const std::string pad(static_cast<std::size_t>(spaces), ' ');
    std::string out = pad;
    for (char c : text) {
        out += c;
        if (c == '\n') out += pad;
    }
    return out;
}

}  // namespace course
