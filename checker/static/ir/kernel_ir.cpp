#include "kernel_ir.hpp"

#include <algorithm>

namespace checker::barriers {

void ValueSources::add(VariableId variable) {
    auto place = std::lower_bound(variables.begin(), variables.end(), variable);
    if (place == variables.end() || *place != variable) variables.insert(place, variable);
}

void ValueSources::add(const ValueSources& other) {
    for (VariableId variable : other.variables) add(variable);
    reads_work_item_id = reads_work_item_id || other.reads_work_item_id;
}

bool Node::is_barrier_with_local_fence() const {
    return kind == NodeKind::barrier && (!fence_flags || (*fence_flags & 1) != 0);
}

Node make_node(NodeKind kind, SourcePosition at) {
    Node node;
    node.kind = kind;
    node.at = std::move(at);
    std::size_t parts = (kind == NodeKind::branch || kind == NodeKind::loop) ? 3 : 0;
    for (std::size_t i = 0; i < parts; ++i) node.children.push_back(make_node(NodeKind::sequence, node.at));
    return node;
}

namespace {
void number_from(Node& node, int& next) {
    node.id = next++;
    for (Node& child : node.children) number_from(child, next);
}
}  // namespace

void number_nodes(KernelIr& kernel) {
    int next = 0;
    number_from(kernel.body, next);
    kernel.node_count = next;
}

void for_each_node(const Node& node, const std::function<void(const Node&)>& visit) {
    visit(node);
    for (const Node& child : node.children) for_each_node(child, visit);
}

std::vector<const Node*> nodes_by_id(const KernelIr& kernel) {
    std::vector<const Node*> nodes(static_cast<std::size_t>(kernel.node_count), nullptr);
    for_each_node(kernel.body, [&](const Node& node) {
        if (node.id >= 0 && node.id < kernel.node_count) nodes[static_cast<std::size_t>(node.id)] = &node;
    });
    return nodes;
}

bool contains_barrier(const Node& node) {
    if (node.kind == NodeKind::barrier) return true;
    return std::any_of(node.children.begin(), node.children.end(),
                       [](const Node& child) { return contains_barrier(child); });
}

}  // namespace checker::barriers
