#include "rate_table.hpp"

#include "harness/timing_spread.hpp"
#include "util/duration_text.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace course {

void RateTable::add(const std::string& what, double seconds, double work, double ceiling,
                    const std::string& ceiling_name) {
    const double rate = seconds > 0.0 ? work / seconds * 1e-9 : 0.0;
    std::string share;
    if (ceiling > 0.0) share = fmt::format("{:.0f}% {}", 100.0 * rate / ceiling, ceiling_name);
    rows_.push_back({what, seconds, rate, share, {}});
}

void RateTable::add(const std::string& what, const Timing& timing, double work, double ceiling,
                    const std::string& ceiling_name) {
    add(what, timing.median_seconds, work, ceiling, ceiling_name);
    rows_.back().spread = spread_text(timing);
}

void RateTable::print() const {
    std::size_t width = 0;
    for (const auto& row : rows_) width = std::max(width, row.what.size());
    for (const auto& row : rows_) {
        fmt::print("  {:<{}}  {:>10} {:>6}  {:>9.1f} {}{}\n", row.what, width, duration_text(row.seconds),
                   row.spread, row.rate, unit_, row.share.empty() ? "" : "   " + row.share);
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
