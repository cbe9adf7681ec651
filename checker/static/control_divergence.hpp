// Barriers that not every work-item reaches:
//   barrier-in-divergent-branch    a barrier under an if / loop / switch / ?: whose condition
//                                  depends on the work-item id;
//   divergent-exit-before-barrier  a return, break or continue under such a condition that lets
//                                  some work-items skip a barrier the others wait at.
#pragma once

#include "finding.hpp"
#include "ir/kernel_ir.hpp"

#include <set>
#include <string>
#include <vector>

namespace checker::barriers {

struct ControlDivergenceReport {
    std::vector<BarrierFinding> findings;
    std::set<int> divergent_barriers;  // barrier node ids under a divergent condition
    std::set<int> divergent_exits;     // exit node ids that skip a barrier
    std::set<int> skipped_barriers;    // barriers that those exits skip
};

// Needs Node::condition_divergent, set by analyse_divergence.
ControlDivergenceReport find_divergent_control_flow(const KernelIr& kernel, const std::string& display_path);

}  // namespace checker::barriers
