// Turns read-after-write and write-after-read conflicts into findings: one finding per missing
// barrier (conflicts that start after the same barrier), reported at the earliest later access.
#pragma once

#include "finding.hpp"
#include "barrier_intervals.hpp"
#include "ir/kernel_ir.hpp"

#include <set>
#include <string>
#include <vector>

namespace checker::barriers {

std::vector<BarrierFinding> race_findings(const KernelIr& kernel, const std::set<Conflict>& conflicts,
                                          const std::string& display_path);

}  // namespace checker::barriers
