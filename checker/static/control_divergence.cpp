#include "control_divergence.hpp"

#include "finding_messages.hpp"

#include <optional>
#include <utility>

namespace checker::barriers {

namespace {

// One step of the way from the kernel body down to a node: the node passed and which child was taken.
struct Step {
    const Node* node = nullptr;
    std::size_t child = 0;
};
using Path = std::vector<Step>;

struct Located {
    const Node* node = nullptr;
    Path path;  // ancestors, outermost first
};

void collect(const Node& node, Path& path, std::vector<Located>& barriers, std::vector<Located>& exits) {
    if (node.kind == NodeKind::barrier) barriers.push_back({&node, path});
    if (node.kind == NodeKind::exit) exits.push_back({&node, path});
    for (std::size_t i = 0; i < node.children.size(); ++i) {
        path.push_back({&node, i});
        collect(node.children[i], path, barriers, exits);
        path.pop_back();
    }
}

void barriers_under(const Node& node, std::set<int>& found) {
    for_each_node(node, [&](const Node& inner) {
        if (inner.kind == NodeKind::barrier) found.insert(inner.id);
    });
}

std::string construct_of(const Node& node) {
    if (node.kind == NodeKind::loop) return node.loop_keyword;
    switch (node.branch_kind) {
        case BranchKind::if_statement:
            return "if";
        case BranchKind::switch_statement:
            return "switch";
        case BranchKind::conditional_operator:
            return "?:";
    }
    return "if";
}

DivergentCondition condition_of(const Node& node) {
    return {construct_of(node), node.condition_text, node.condition_at.line ? node.condition_at.line : node.at.line};
}

bool controls_path(const Step& step) {
    const Node& node = *step.node;
    bool controls = node.kind == NodeKind::branch || node.kind == NodeKind::loop;
    return controls && node.condition_divergent && step.child != 0;  // child 0: the condition itself
}

// The innermost branch or loop on the path, at `lowest_index` or deeper, whose condition is
// divergent and whose controlled part the path goes through: what guards an exit directly.
const Node* innermost_divergent_condition(const Path& path, std::size_t lowest_index) {
    for (std::size_t i = path.size(); i-- > lowest_index;)
        if (controls_path(path[i])) return path[i].node;
    return nullptr;
}

// The outermost one: what a student wrote around the barrier. (Variables assigned inside a
// divergent `if` count as divergent, so a loop inside it would otherwise be named instead.)
const Node* outermost_divergent_condition(const Path& path) {
    for (const Step& step : path)
        if (controls_path(step)) return step.node;
    return nullptr;
}

// The path index of the construct an exit leaves: the loop (or switch) of a break, the loop of a
// continue, the helper call of a helper's return, the kernel body of a kernel's return.
std::optional<std::size_t> scope_of(const Node& exit, const Path& path) {
    for (std::size_t i = path.size(); i-- > 0;) {
        const Node& node = *path[i].node;
        switch (exit.exit_kind) {
            case ExitKind::break_statement:
                if (node.kind == NodeKind::loop ||
                    (node.kind == NodeKind::branch && node.branch_kind == BranchKind::switch_statement))
                    return i;
                break;
            case ExitKind::continue_statement:
                if (node.kind == NodeKind::loop) return i;
                break;
            case ExitKind::return_statement:
                if (exit.exit_leaves_helper && node.kind == NodeKind::helper_call) return i;
                break;
        }
    }
    if (exit.exit_kind == ExitKind::return_statement && !exit.exit_leaves_helper && !path.empty()) return 0;
    return std::nullopt;
}

// Barriers a work-item no longer reaches after taking the exit: those later in every enclosing
// sequence up to the scope, and every barrier of a loop whose later iterations it leaves.
std::set<int> barriers_skipped_by(const Node& exit, const Path& path, std::size_t scope) {
    std::set<int> skipped;
    for (std::size_t i = path.size(); i-- > scope;) {
        const Node& node = *path[i].node;
        if (node.kind == NodeKind::sequence || node.kind == NodeKind::helper_call) {
            for (std::size_t later = path[i].child + 1; later < node.children.size(); ++later)
                barriers_under(node.children[later], skipped);
        } else if (node.kind == NodeKind::loop) {
            if (i == scope && exit.exit_kind == ExitKind::continue_statement) {
                barriers_under(node.loop_step(), skipped);  // the rest of this iteration's path
                barriers_under(node.condition_events(), skipped);
            } else {
                barriers_under(node, skipped);  // the iterations it no longer runs
            }
        }
    }
    return skipped;
}

const char* keyword_of(ExitKind kind) {
    switch (kind) {
        case ExitKind::return_statement:
            return "return";
        case ExitKind::break_statement:
            return "break";
        case ExitKind::continue_statement:
            return "continue";
    }
    return "return";
}

BarrierFinding make_finding(const char* rule, const SourcePosition& at, const std::string& display_path,
                            std::string message) {
    BarrierFinding finding;
    finding.severity = FindingSeverity::error;
    finding.rule = rule;
    finding.file = at.file.empty() ? display_path : at.file;
    finding.line = at.line;
    finding.column = at.column;
    finding.message = std::move(message);
    return finding;
}

}  // namespace

ControlDivergenceReport find_divergent_control_flow(const KernelIr& kernel, const std::string& display_path) {
    std::vector<Located> barriers, exits;
    Path path;
    collect(kernel.body, path, barriers, exits);
    ControlDivergenceReport report;

    for (const Located& barrier : barriers) {
        const Node* condition = outermost_divergent_condition(barrier.path);
        if (!condition) continue;
        report.divergent_barriers.insert(barrier.node->id);
        report.findings.push_back(make_finding(
            rules::barrier_in_divergent_branch, barrier.node->at, display_path,
            barrier_in_divergent_branch_message(kernel.name, barrier.node->at.line, condition_of(*condition))));
    }

    std::vector<const Node*> nodes = nodes_by_id(kernel);
    for (const Located& exit : exits) {
        std::optional<std::size_t> scope = scope_of(*exit.node, exit.path);
        if (!scope) continue;
        const Node* condition = innermost_divergent_condition(exit.path, *scope + 1);
        if (!condition) continue;
        std::set<int> skipped = barriers_skipped_by(*exit.node, exit.path, *scope);
        for (int reported : report.divergent_barriers) skipped.erase(reported);  // already an error
        if (skipped.empty()) continue;

        std::vector<unsigned> skipped_lines;
        for (int id : skipped) skipped_lines.push_back(nodes[static_cast<std::size_t>(id)]->at.line);
        const Node& scope_node = *exit.path[*scope].node;
        bool leaves_loop = exit.node->exit_kind != ExitKind::return_statement;
        report.divergent_exits.insert(exit.node->id);
        report.skipped_barriers.insert(skipped.begin(), skipped.end());
        report.findings.push_back(
            make_finding(rules::divergent_exit_before_barrier, exit.node->at, display_path,
                         divergent_exit_message(kernel.name, keyword_of(exit.node->exit_kind), exit.node->at.line,
                                                condition_of(*condition), skipped_lines,
                                                leaves_loop ? construct_of(scope_node) : std::string(),
                                                leaves_loop ? scope_node.at.line : 0)));
    }
    return report;
}

}  // namespace checker::barriers
