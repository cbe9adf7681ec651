#include "unneeded_barriers.hpp"

#include "finding_messages.hpp"

#include <algorithm>
#include <map>
#include <utility>

namespace checker::barriers {

namespace {

// Only a barrier whose fence is exactly CLK_LOCAL_MEM_FENCE is judged: a global fence may order
// global memory between work-items, which this analysis does not follow.
constexpr long long local_fence_only = 1;

// Any pair of accesses the removed barriers kept apart, of any kind: also those never reported
// as errors (a read before a write in one step, async copies, paths that skip a uniform
// barrier), so that the advice to remove a barrier never creates a race.
bool separates_accesses(const std::set<Conflict>& without) {
    return std::any_of(without.begin(), without.end(),
                       [](const Conflict& conflict) { return conflict.crosses_removed_barrier; });
}

}  // namespace

std::vector<BarrierFinding> unneeded_barrier_findings(const KernelIr& kernel, const Divergence& divergence,
                                                      const ControlDivergenceReport& control,
                                                      const std::string& display_path) {
    bool uses_local_memory = false;
    std::vector<const Node*> barriers;
    for_each_node(kernel.body, [&](const Node& node) {
        if (node.kind == NodeKind::access) uses_local_memory = true;
        if (node.kind == NodeKind::barrier) barriers.push_back(&node);
    });

    // A barrier in a helper called twice is two barriers on one line: the line is reported only
    // when every one of them is unneeded.
    std::set<int> removed;
    std::map<std::pair<std::string, unsigned>, std::vector<const Node*>> by_line;
    for (const Node* barrier : barriers) by_line[{barrier->at.file, barrier->at.line}].push_back(barrier);
    for (const Node* barrier : barriers) {
        if (barrier->fence_flags != local_fence_only) continue;
        if (control.divergent_barriers.count(barrier->id) || control.skipped_barriers.count(barrier->id)) continue;
        removed.insert(barrier->id);
        if (separates_accesses(find_local_memory_conflicts(kernel, divergence, control, removed)))
            removed.erase(barrier->id);
    }

    std::vector<BarrierFinding> findings;
    for (const auto& [place, on_line] : by_line) {
        bool all_unneeded = std::all_of(on_line.begin(), on_line.end(),
                                        [&](const Node* barrier) { return removed.count(barrier->id) > 0; });
        if (!all_unneeded) continue;
        const Node& barrier = *on_line.front();
        BarrierFinding finding;
        finding.severity = FindingSeverity::warning;
        finding.rule = rules::unneeded_barrier;
        finding.file = barrier.at.file.empty() ? display_path : barrier.at.file;
        finding.line = barrier.at.line;
        finding.column = barrier.at.column;
        finding.message = unneeded_barrier_message(kernel.name, barrier.at.line, uses_local_memory);
        findings.push_back(std::move(finding));
    }
    return findings;
}

}  // namespace checker::barriers
