// A kernel reduced to what the barrier rules look at: structured control flow (sequences,
// branches, loops, exits), barriers, accesses to __local memory, and assignments to variables
// with what their values are computed from. Helper functions appear inlined at their calls.
//
// The clang AST is read once into this form (ir_builder), so every analysis is a plain tree walk.
#pragma once

#include "cursor_utils.hpp"

#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace checker::barriers {

using VariableId = int;

struct Variable {
    std::string name;
    bool is_local_memory = false;  // a __local array or scalar, or a pointer to __local memory
    long long scalar_bytes = 0;    // size of one innermost element (of an array) or pointee; 0: unknown
};

// What a value is computed from: the variables it reads (array and pointer bases included, so a
// load at a work-item-dependent address depends on the work-item) and whether it calls
// get_local_id / get_global_id itself.
struct ValueSources {
    std::vector<VariableId> variables;  // sorted, no repeats
    bool reads_work_item_id = false;

    void add(VariableId variable);
    void add(const ValueSources& other);
};

// One index of an access, as canonical text ("((16*get_local_id(1))+k#7)"), and what it is
// computed from.
struct Subscript {
    std::string text;
    ValueSources sources;
    // How many innermost elements of the array one step of this subscript moves: 16 for the `ly`
    // of `As[ly][lx]` in a float[16][16], 1 for `lx` and for `p[i]` with `p = (__local float*)As`.
    // 0: unknown (struct fields, vector loads, casts between element sizes).
    long long unit = 0;
};

// One read and/or write of __local memory.
struct LocalAccess {
    VariableId array = -1;
    bool reads = false;
    bool writes = false;
    // A builtin (atomic, async copy, ...) was handed a pointer into the array: which elements it
    // touches is unknown, so this access can show that a barrier is needed but never raises an error.
    bool opaque = false;
    // async_work_group_copy / async_work_group_strided_copy: the whole work-group copies a range
    // that starts at `subscripts`, so the access touches other work-items' elements too.
    bool group_wide = false;
    std::vector<Subscript> subscripts;  // outermost first
    std::string text;                   // as written, for messages: "As[ty][k]"
};

// wait_events: a wait_group_events call, where the work-group's async copies complete.
enum class NodeKind { sequence, branch, loop, barrier, exit, access, assignment, helper_call, wait_events };
enum class BranchKind { if_statement, conditional_operator, switch_statement };
enum class ExitKind { return_statement, break_statement, continue_statement };

struct Node {
    NodeKind kind = NodeKind::sequence;
    int id = -1;  // pre-order number, unique in the kernel: a larger id is later in the source
    SourcePosition at;

    // sequence, helper_call: the statements in order.
    // branch: [0] events of the condition, [1] then, [2] else (or a switch's body).
    // loop:   [0] events of the condition, [1] body, [2] step (a `for`'s increment).
    std::vector<Node> children;

    // branch, loop: the condition.
    ValueSources condition;
    std::string condition_text;
    SourcePosition condition_at;
    // Conjuncts `x == y` of the condition (operand sources): `if (lid == 0)` lets one work-item in.
    std::vector<std::pair<ValueSources, ValueSources>> equality_tests;
    BranchKind branch_kind = BranchKind::if_statement;
    bool loop_tests_first = true;      // false for do-while
    bool loop_has_condition = true;    // false for `for (;;)`
    std::string loop_keyword = "for";  // "for", "while" or "do"
    // A `for` loop whose counter goes up by one each iteration (`++t`, `t++`, `t += 1`,
    // `t = t + 1`): the counter's name in index text ("@1{0|(@<steps)|++@}") and its variable.
    // Empty and -1 otherwise.
    std::string counter_name;
    VariableId counter = -1;

    // barrier: the evaluated fence flags (CLK_LOCAL_MEM_FENCE = 1, CLK_GLOBAL_MEM_FENCE = 2).
    std::optional<long long> fence_flags;

    ExitKind exit_kind = ExitKind::return_statement;
    bool exit_leaves_helper = false;  // a `return` inside an inlined helper function

    LocalAccess access;

    // assignment: `assigned` gets a value computed from `assigned_from`.
    VariableId assigned = -1;
    ValueSources assigned_from;

    std::string helper_name;

    // Filled in by the divergence analysis: the condition depends on the work-item.
    bool condition_divergent = false;

    Node& condition_events() { return children.at(0); }
    Node& then_branch() { return children.at(1); }
    Node& else_branch() { return children.at(2); }
    Node& loop_body() { return children.at(1); }
    Node& loop_step() { return children.at(2); }
    const Node& condition_events() const { return children.at(0); }
    const Node& then_branch() const { return children.at(1); }
    const Node& else_branch() const { return children.at(2); }
    const Node& loop_body() const { return children.at(1); }
    const Node& loop_step() const { return children.at(2); }

    bool is_barrier_with_local_fence() const;  // unknown fence flags count as local
};

struct KernelIr {
    std::string name;
    SourcePosition at;
    std::vector<Variable> variables;
    Node body;           // a sequence
    int node_count = 0;  // ids are 0 .. node_count-1
};

Node make_node(NodeKind kind, SourcePosition at);

// Gives every node its pre-order id.
void number_nodes(KernelIr& kernel);

// Calls `visit` on the node and every node under it, in pre-order.
void for_each_node(const Node& node, const std::function<void(const Node&)>& visit);

// nodes[id] is the node with that id.
std::vector<const Node*> nodes_by_id(const KernelIr& kernel);

bool contains_barrier(const Node& node);

}  // namespace checker::barriers
