// `lab bench --plot`: GFLOP/s against n, one line per lab and per library, as a
// self-contained SVG drawn here (no gnuplot, no fonts or scripts to fetch), so a
// GPU machine with nothing installed can draw its own chart, and a saved run
// (`--from FILE.json`) can be drawn again anywhere.
#pragma once

#include "bench/bench_report.hpp"

#include <optional>
#include <string>

namespace course {

// The chart, or nothing when the report has no GFLOP/s figure to draw.
std::optional<std::string> bench_svg(const BenchReport& report);

}  // namespace course
