// unneeded-barrier (a warning): a barrier(CLK_LOCAL_MEM_FENCE) whose removal would let no
// __local accesses of different work-items meet that it keeps apart now, on any path and of any
// kind (also the pairs never reported as errors: when unsure, no warning). Barriers are tried in
// source order, and one found unneeded stays removed while the next ones are tried, so of two
// barriers in a row only one is called unneeded.
#pragma once

#include "finding.hpp"
#include "barrier_intervals.hpp"
#include "control_divergence.hpp"
#include "divergence.hpp"
#include "ir/kernel_ir.hpp"

#include <set>
#include <string>
#include <vector>

namespace checker::barriers {

std::vector<BarrierFinding> unneeded_barrier_findings(const KernelIr& kernel, const Divergence& divergence,
                                                      const ControlDivergenceReport& control,
                                                      const std::string& display_path);

}  // namespace checker::barriers
