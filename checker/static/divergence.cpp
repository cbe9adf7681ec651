#include "divergence.hpp"

#include <algorithm>

namespace checker::barriers {

namespace {

bool variable_divergent(const std::vector<bool>& divergent, VariableId variable) {
    return variable >= 0 && static_cast<std::size_t>(variable) < divergent.size() &&
           divergent[static_cast<std::size_t>(variable)];
}

bool sources_divergent(const std::vector<bool>& divergent, const ValueSources& sources) {
    return sources.reads_work_item_id ||
           std::any_of(sources.variables.begin(), sources.variables.end(),
                       [&](VariableId variable) { return variable_divergent(divergent, variable); });
}

}  // namespace

bool Divergence::is_divergent(VariableId variable) const {
    return variable_divergent(divergent_variables_, variable);
}

bool Divergence::is_divergent(const ValueSources& sources) const {
    return sources_divergent(divergent_variables_, sources);
}

namespace {

// One pass over the kernel; repeated until no variable changes, because a loop carries values
// from its end back to its start (`x = y; y = get_local_id(0);` inside a loop makes x divergent).
class DivergencePass {
public:
    explicit DivergencePass(std::vector<bool>& divergent) : divergent_(divergent) {}

    bool run(Node& body) {
        changed_ = false;
        visit(body, false);
        return changed_;
    }

private:
    bool is_divergent(const ValueSources& sources) const { return sources_divergent(divergent_, sources); }

    void visit(Node& node, bool under_divergent_condition) {
        switch (node.kind) {
            case NodeKind::branch:
            case NodeKind::loop: {
                node.condition_divergent = is_divergent(node.condition);
                bool inside = under_divergent_condition || node.condition_divergent;
                // A loop's test runs once per iteration, so a divergent loop repeats it divergently too.
                visit(node.condition_events(), node.kind == NodeKind::loop ? inside : under_divergent_condition);
                for (std::size_t i = 1; i < node.children.size(); ++i) visit(node.children[i], inside);
                return;
            }
            case NodeKind::assignment:
                // A value assigned only by some work-items differs between them even if it is a constant.
                if (under_divergent_condition || is_divergent(node.assigned_from)) mark(node.assigned);
                return;
            default:
                for (Node& child : node.children) visit(child, under_divergent_condition);
                return;
        }
    }

    void mark(VariableId variable) {
        auto index = static_cast<std::size_t>(variable);
        if (variable < 0 || index >= divergent_.size() || divergent_[index]) return;
        divergent_[index] = true;
        changed_ = true;
    }

    std::vector<bool>& divergent_;
    bool changed_ = false;
};

}  // namespace

Divergence analyse_divergence(KernelIr& kernel) {
    std::vector<bool> divergent(kernel.variables.size(), false);
    DivergencePass pass(divergent);
    while (pass.run(kernel.body)) {
    }
    return Divergence(std::move(divergent));
}

}  // namespace checker::barriers
