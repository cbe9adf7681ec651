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

// Where the barriers without CLK_LOCAL_MEM_FENCE are: a race across one of them is a barrier that
// is there with the wrong flag, and its message says so.
class FenceOnlyBarriers {
public:
    explicit FenceOnlyBarriers(const KernelIr& kernel) : loops_(static_cast<std::size_t>(kernel.node_count)) {
        std::vector<int> around;
        index(kernel.body, around);
    }

    // Those that lie between two accesses in the source: after `first` and before `second`; when
    // `second` comes first (a later iteration of a loop around both), after `first` or before
    // `second` inside the innermost loop around both.
    std::vector<const Node*> between(const Node& first, const Node& second) const {
        std::vector<const Node*> found;
        const bool in_order = first.id < second.id;
        const int loop = in_order ? -1 : innermost_common_loop(first.id, second.id);
        for (const Node* barrier : barriers_) {
            const int id = barrier->id;
            const bool inside = in_order ? id > first.id && id < second.id
                                         : loop >= 0 && in_loop(id, loop) && (id > first.id || id < second.id);
            if (inside) found.push_back(barrier);
        }
        return found;
    }

private:
    void index(const Node& node, std::vector<int>& around) {
        loops_[static_cast<std::size_t>(node.id)] = around;
        if (node.kind == NodeKind::barrier && !node.is_barrier_with_local_fence()) barriers_.push_back(&node);
        if (node.kind == NodeKind::loop) around.push_back(node.id);
        for (const Node& child : node.children) index(child, around);
        if (node.kind == NodeKind::loop) around.pop_back();
    }
    bool in_loop(int node, int loop) const {
        const auto& around = loops_[static_cast<std::size_t>(node)];
        return std::find(around.begin(), around.end(), loop) != around.end();
    }
    int innermost_common_loop(int a, int b) const {
        const auto& around = loops_[static_cast<std::size_t>(a)];
        for (auto loop = around.rbegin(); loop != around.rend(); ++loop)
            if (in_loop(b, *loop)) return *loop;
        return -1;
    }

    std::vector<std::vector<int>> loops_;  // enclosing loops of every node, outermost first
    std::vector<const Node*> barriers_;    // without CLK_LOCAL_MEM_FENCE, in source order
};

// The barriers without the local fence between the pairs of one finding, once each, in line order.
WrongFences wrong_fences(const FenceOnlyBarriers& fence_only,
                         const std::vector<std::pair<const Node*, const Node*>>& pairs, bool kernel_has_one) {
    std::map<unsigned, bool> lines;  // line -> has CLK_GLOBAL_MEM_FENCE
    for (const auto& [first, second] : pairs) {
        for (const Node* barrier : fence_only.between(*first, *second))
            lines[barrier->at.line] = barrier->fence_flags && (*barrier->fence_flags & 2) != 0;
    }
    WrongFences fences;
    for (const auto& [line, global] : lines) fences.between.push_back({line, global});
    fences.elsewhere = kernel_has_one;
    return fences;
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

    const bool global_fence_note = has_barrier_without_local_fence(kernel);
    const FenceOnlyBarriers fence_only(kernel);
    std::vector<BarrierFinding> findings;
    for (auto& [key, members] : groups) {
        // Per array, the pair whose later access comes first in the file.
        std::sort(members.begin(), members.end(), [&](const Conflict& a, const Conflict& b) {
            return std::make_tuple(node(a.second_access).at.line, node(a.first_access).at.line) <
                   std::make_tuple(node(b.second_access).at.line, node(b.first_access).at.line);
        });
        std::vector<AccessPair> pairs;
        std::vector<std::pair<const Node*, const Node*>> nodes_of_pairs;
        std::set<VariableId> arrays_named;
        for (const Conflict& conflict : members) {
            if (!arrays_named.insert(node(conflict.second_access).access.array).second) continue;
            pairs.push_back({quote(kernel, node(conflict.first_access)), quote(kernel, node(conflict.second_access))});
            nodes_of_pairs.emplace_back(&node(conflict.first_access), &node(conflict.second_access));
        }
        const WrongFences fences = wrong_fences(fence_only, nodes_of_pairs, global_fence_note);
        const Node& reported = node(members.front().second_access);
        BarrierFinding finding;
        finding.severity = FindingSeverity::error;
        finding.file = reported.at.file.empty() ? display_path : reported.at.file;
        finding.line = reported.at.line;
        finding.column = reported.at.column;
        if (key.first == ConflictKind::read_after_write) {
            finding.rule = rules::missing_barrier_read_after_write;
            finding.message = read_after_write_message(kernel.name, pairs, fences);
        } else if (key.first == ConflictKind::write_after_read) {
            const Node& loop = node(members.front().loop);
            finding.rule = rules::missing_barrier_write_after_read;
            finding.message =
                write_after_read_message(kernel.name, pairs, loop.loop_keyword, loop.at.line, fences);
        } else {
            finding.rule = rules::missing_barrier_write_after_read;
            finding.message = write_after_read_in_step_message(kernel.name, pairs, fences);
        }
        findings.push_back(std::move(finding));
    }
    return findings;
}

}  // namespace checker::barriers
