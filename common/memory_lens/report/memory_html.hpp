// The memory report as one HTML page (`lab run NN --memory-html FILE`): the kernel source line
// by line with each line's counts beside it, the totals, and for the worst line a picture of
// the sectors (global) or banks (local) that one warp's request touched, lane by lane.
#pragma once

#include <cstdint>
#include <string>

#include "memory_lens/counting/launch_counts.hpp"
#include "memory_lens/report/memory_table.hpp"

namespace memory_lens {

// `faults` (run_faults_text, empty for a clean run): what was wrong with the simulated run, shown
// first in a banner, and every figure below it is marked as taken from a wrong run.
// `versus` (with --versus): the second configuration's launch, whose request on the worst line is
// drawn beside the first's; `versus_defines` its defines.
std::string memory_html(const std::string& source, const LaunchCounts& launch, std::uint32_t warp,
                        const ReportSubject& subject, const std::string& faults,
                        const LaunchCounts* versus = nullptr, const std::string& versus_defines = "");

}  // namespace memory_lens
