#include "race_findings.hpp"

#include "finding_messages.hpp"

#include <algorithm>
#include <map>
#include <tuple>
#include <utility>

namespace checker::barriers {

namespace {

bool has_barrier_without_local_fence(const KernelIr& kernel) {
    bool found = false;
    for_each_node(kernel.body, [&](const Node& node) {
        if (node.kind == NodeKind::barrier && !node.is_barrier_with_local_fence()) found = true;
    });
    return found;
}

AccessQuote quote(const KernelIr& kernel, const Node& access) {
    return {kernel.variables[static_cast<std::size_t>(access.access.array)].name, access.access.text, access.at.line,
            access.access.group_wide};
}

}  // namespace

std::vector<BarrierFinding> race_findings(const KernelIr& kernel, const std::set<Conflict>& conflicts,
                                          const std::string& display_path) {
    std::vector<const Node*> nodes = nodes_by_id(kernel);
    auto node = [&](int id) -> const Node& { return *nodes[static_cast<std::size_t>(id)]; };

    // Conflicts of one kind that start after the same barrier are fixed by one barrier.
    std::map<std::pair<ConflictKind, int>, std::vector<Conflict>> groups;
    for (const Conflict& conflict : conflicts)
        if (conflict.kind != ConflictKind::needs_barrier)
            groups[{conflict.kind, conflict.interval_start}].push_back(conflict);

    bool global_fence_note = has_barrier_without_local_fence(kernel);
    std::vector<BarrierFinding> findings;
    for (auto& [key, members] : groups) {
        // Per array, the pair whose later access comes first in the file.
        std::sort(members.begin(), members.end(), [&](const Conflict& a, const Conflict& b) {
            return std::make_tuple(node(a.second_access).at.line, node(a.first_access).at.line) <
                   std::make_tuple(node(b.second_access).at.line, node(b.first_access).at.line);
        });
        std::vector<AccessPair> pairs;
        std::set<VariableId> arrays_named;
        for (const Conflict& conflict : members) {
            if (!arrays_named.insert(node(conflict.second_access).access.array).second) continue;
            pairs.push_back({quote(kernel, node(conflict.first_access)), quote(kernel, node(conflict.second_access))});
        }
        const Node& reported = node(members.front().second_access);
        BarrierFinding finding;
        finding.severity = FindingSeverity::error;
        finding.file = reported.at.file.empty() ? display_path : reported.at.file;
        finding.line = reported.at.line;
        finding.column = reported.at.column;
        if (key.first == ConflictKind::read_after_write) {
            finding.rule = rules::missing_barrier_read_after_write;
            finding.message = read_after_write_message(kernel.name, pairs, global_fence_note);
        } else if (key.first == ConflictKind::write_after_read) {
            const Node& loop = node(members.front().loop);
            finding.rule = rules::missing_barrier_write_after_read;
            finding.message =
                write_after_read_message(kernel.name, pairs, loop.loop_keyword, loop.at.line, global_fence_note);
        } else {
            finding.rule = rules::missing_barrier_write_after_read;
            finding.message = write_after_read_in_step_message(kernel.name, pairs, global_fence_note);
        }
        findings.push_back(std::move(finding));
    }
    return findings;
}

}  // namespace checker::barriers
