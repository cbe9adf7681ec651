#include "barrier_intervals.hpp"

#include "element_relation.hpp"

#include <algorithm>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace checker::barriers {

namespace {

// Loops are followed again until the accesses pending at their head stop changing; this bound
// only protects against a mistake in that reasoning.
constexpr int max_loop_rounds = 64;

// An access made since the last barrier on the path being followed.
struct Pending {
    int access = -1;                 // node id
    int interval_start = -1;         // the barrier before it (-1: kernel start)
    int guard = -1;                  // outermost `if (lid == 0)`-like branch around it, or -1
    std::vector<int> crossed_loops;  // loops whose back edge was taken since, sorted
    std::vector<int> crossed_twice;  // of those, the loops whose back edge was taken more than once
    // The path since this access skipped a barrier under a uniform condition (a path that may
    // never run: `if (t + 1 < steps) barrier(...)` skipped in a step that is not the last), or
    // passed a wait_group_events: what it meets is never an error.
    bool uncertain = false;
    bool crossed_removed_barrier = false;  // passed a barrier taken out by `ignored_barriers`

    auto key() const {
        return std::tie(access, interval_start, guard, crossed_loops, crossed_twice, uncertain, crossed_removed_barrier);
    }
    bool operator<(const Pending& other) const { return key() < other.key(); }
    bool operator==(const Pending& other) const { return key() == other.key(); }
};

// Applies `change` to every pending access (they are ordered by what it changes).
template <typename Change>
void change_pending(std::set<Pending>& pending, Change change) {
    std::set<Pending> changed;
    for (Pending entry : pending) {
        change(entry);
        changed.insert(std::move(entry));
    }
    pending = std::move(changed);
}

struct PathState {
    bool alive = false;  // false: no path reaches this point
    std::set<Pending> pending;
    int interval_start = -1;

    bool operator==(const PathState& other) const {
        return alive == other.alive && pending == other.pending && interval_start == other.interval_start;
    }
};

PathState started() {
    PathState state;
    state.alive = true;
    return state;
}

PathState merged(PathState a, const PathState& b) {
    if (!b.alive) return a;
    if (!a.alive) return b;
    a.pending.insert(b.pending.begin(), b.pending.end());
    a.interval_start = std::min(a.interval_start, b.interval_start);
    return a;
}

// Where paths go when they leave a construct early.
struct ExitCollector {
    const Node* construct = nullptr;  // a loop, a switch, or a helper call
    PathState breaks, continues, returns;
};

// Which loops enclose each node, and which variables each loop assigns.
class LoopIndex {
public:
    explicit LoopIndex(const KernelIr& kernel) : loops_of_(static_cast<std::size_t>(kernel.node_count)) {
        std::vector<int> loops;
        index(kernel.body, loops);
    }

    // Enclosing loop ids of a node, outermost first.
    const std::vector<int>& loops_around(int node) const { return loops_of_[static_cast<std::size_t>(node)]; }
    const std::set<VariableId>& assigned_in_loop(int loop) const { return assigned_in_loop_.at(loop); }
    int assignments_in_loop(int loop, VariableId variable) const {
        auto found = assignment_count_.find({loop, variable});
        return found == assignment_count_.end() ? 0 : found->second;
    }

    // Whether a variable of `sources` is assigned inside one of `loops` (which iterated between two
    // accesses, so its value may differ between them).
    bool assigned_in(const std::vector<int>& loops, const ValueSources& sources) const {
        for (int loop : loops) {
            const std::set<VariableId>& assigned = assigned_in_loop_.at(loop);
            for (VariableId variable : sources.variables)
                if (assigned.count(variable)) return true;
        }
        return false;
    }

    // `state` taken around the back edge of `loop`: its pending accesses inside the loop crossed it.
    PathState crossed(PathState state, int loop) const;

private:
    void index(const Node& node, std::vector<int>& loops) {
        loops_of_[static_cast<std::size_t>(node.id)] = loops;
        if (node.kind == NodeKind::assignment)
            for (int loop : loops) {
                assigned_in_loop_[loop].insert(node.assigned);
                ++assignment_count_[{loop, node.assigned}];
            }
        if (node.kind == NodeKind::loop) assigned_in_loop_[node.id];
        bool is_loop = node.kind == NodeKind::loop;
        if (is_loop) loops.push_back(node.id);
        for (const Node& child : node.children) index(child, loops);
        if (is_loop) loops.pop_back();
    }

    std::vector<std::vector<int>> loops_of_;                // enclosing loop ids of every node, outermost first
    std::map<int, std::set<VariableId>> assigned_in_loop_;  // loop id -> variables assigned inside it
    std::map<std::pair<int, VariableId>, int> assignment_count_;  // (loop, variable) -> assignments inside
};

// Whether canonical index text names one of `variables` ("k#7": a variable is its name and id).
bool names_variable_of(const std::string& text, const std::set<VariableId>& variables) {
    for (std::size_t at = text.find('#'); at != std::string::npos; at = text.find('#', at + 1)) {
        std::size_t end = at + 1;
        while (end < text.size() && text[end] >= '0' && text[end] <= '9') ++end;
        if (end > at + 1 && variables.count(std::stoi(text.substr(at + 1, end - at - 1)))) return true;
    }
    return false;
}

PathState LoopIndex::crossed(PathState state, int loop) const {
    std::set<Pending> marked;
    for (Pending pending : state.pending) {
        const std::vector<int>& loops = loops_around(pending.access);
        bool inside = std::find(loops.begin(), loops.end(), loop) != loops.end();
        auto place = std::lower_bound(pending.crossed_loops.begin(), pending.crossed_loops.end(), loop);
        bool again = place != pending.crossed_loops.end() && *place == loop;
        if (inside && !again) pending.crossed_loops.insert(place, loop);
        auto twice = std::lower_bound(pending.crossed_twice.begin(), pending.crossed_twice.end(), loop);
        if (inside && again && (twice == pending.crossed_twice.end() || *twice != loop))
            pending.crossed_twice.insert(twice, loop);
        marked.insert(std::move(pending));
    }
    state.pending = std::move(marked);
    return state;
}

// Follows every path through the kernel with the __local accesses made since the last barrier,
// and records each pair that meets (a conflict) for the rules to judge.
class IntervalWalker {
public:
    IntervalWalker(const KernelIr& kernel, const Divergence& divergence, const ControlDivergenceReport& control,
                   const std::set<int>& ignored_barriers)
        : divergence_(divergence),
          control_(control),
          ignored_(ignored_barriers),
          nodes_(nodes_by_id(kernel)),
          loops_(kernel) {}

    std::set<Conflict> run(const Node& body) {
        walk(body, started());
        return std::move(conflicts_);
    }

private:
    // Following paths.
    PathState walk(const Node& node, PathState state);
    PathState walk_children(const Node& node, PathState state);
    PathState walk_helper_call(const Node& call, PathState state);
    PathState walk_barrier(const Node& barrier, PathState state) const;
    void take_exit(const Node& exit, PathState state);
    PathState walk_branch(const Node& branch, PathState state);
    PathState walk_loop(const Node& loop, PathState entry);
    PathState loop_round(const Node& loop, const PathState& head, std::size_t collector, PathState& leaving);

    // What the paths cross.
    int outermost_guard() const { return guards_.empty() ? -1 : guards_.front(); }
    bool lets_one_work_item_in(const Node& branch) const;
    bool has_effective_barrier(const Node& node) const;
    void skipped_uniformly(PathState& out, const PathState& before) const;
    bool strides_over_work_items(const Node& loop) const;
    std::optional<IterationShift> one_iteration_between(const Pending& pending, int later) const;

    // Accesses that meet.
    void meet(const Node& node, const PathState& state);
    void meet_write_after_read(const Node& node, const Pending& pending, const LocalAccess& earlier, bool reportable);
    bool read_many_elements(const Pending& read, const LocalAccess& access) const;
    // A read and then, in the same pass, a write of another element: a race for certain only when
    // every work-item writes (`if (lid < stride) s[lid] += s[lid + stride]` writes only where
    // nobody reads).
    bool written_by_every_work_item() const { return divergent_depth_ == 0 && guards_.empty(); }
    void add(ConflictKind kind, const Pending& earlier, int later, int loop);

    const Divergence& divergence_;
    const ControlDivergenceReport& control_;
    const std::set<int>& ignored_;
    std::vector<const Node*> nodes_;
    LoopIndex loops_;
    std::vector<ExitCollector> exits_;
    std::vector<int> guards_;
    int divergent_depth_ = 0;  // branches and loops with a divergent condition around the current node
    std::set<Conflict> conflicts_;
};

PathState IntervalWalker::walk(const Node& node, PathState state) {
    if (!state.alive) return state;
    switch (node.kind) {
        case NodeKind::sequence:
            return walk_children(node, std::move(state));
        case NodeKind::helper_call:
            return walk_helper_call(node, std::move(state));
        case NodeKind::access:
            meet(node, state);
            state.pending.insert(Pending{node.id, state.interval_start, outermost_guard(), {}, {}, false, false});
            return state;
        case NodeKind::barrier:
            return walk_barrier(node, std::move(state));
        case NodeKind::wait_events:
            // The async copies are complete here. The spec does not call this a barrier, but
            // implementations (and Oclgrind) wait for the whole group: nothing before it is
            // an error with what comes after, and nothing is unneeded because of it.
            change_pending(state.pending, [](Pending& entry) { entry.uncertain = true; });
            return state;
        case NodeKind::exit:
            take_exit(node, std::move(state));
            return PathState{};
        case NodeKind::branch:
            return walk_branch(node, std::move(state));
        case NodeKind::loop:
            return walk_loop(node, std::move(state));
        case NodeKind::assignment:
            return state;
    }
    return state;
}

PathState IntervalWalker::walk_children(const Node& node, PathState state) {
    for (const Node& child : node.children) {
        state = walk(child, std::move(state));
        if (!state.alive) break;
    }
    return state;
}

PathState IntervalWalker::walk_helper_call(const Node& call, PathState state) {
    exits_.push_back({&call, {}, {}, {}});
    state = walk_children(call, std::move(state));
    PathState out = merged(std::move(state), exits_.back().returns);
    exits_.pop_back();
    return out;
}

PathState IntervalWalker::walk_barrier(const Node& barrier, PathState state) const {
    if (!barrier.is_barrier_with_local_fence()) return state;
    if (ignored_.count(barrier.id)) {
        change_pending(state.pending, [](Pending& entry) { entry.crossed_removed_barrier = true; });
        return state;
    }
    state.pending.clear();
    state.interval_start = barrier.id;
    return state;
}

void IntervalWalker::take_exit(const Node& exit, PathState state) {
    if (control_.divergent_exits.count(exit.id)) return;  // reported by rule 2 already
    for (std::size_t i = exits_.size(); i-- > 0;) {
        ExitCollector& collector = exits_[i];
        const Node& construct = *collector.construct;
        bool is_loop = construct.kind == NodeKind::loop;
        // A uniform break or continue that skips a barrier of its loop: see skipped_uniformly.
        if (is_loop && exit.exit_kind != ExitKind::return_statement && has_effective_barrier(construct))
            change_pending(state.pending, [](Pending& entry) { entry.uncertain = true; });
        bool is_switch = construct.kind == NodeKind::branch;
        bool is_helper = construct.kind == NodeKind::helper_call;
        if (exit.exit_kind == ExitKind::break_statement && (is_loop || is_switch)) {
            collector.breaks = merged(std::move(collector.breaks), state);
            return;
        }
        if (exit.exit_kind == ExitKind::continue_statement && is_loop) {
            collector.continues = merged(std::move(collector.continues), state);
            return;
        }
        if (exit.exit_kind == ExitKind::return_statement && exit.exit_leaves_helper && is_helper) {
            collector.returns = merged(std::move(collector.returns), state);
            return;
        }
    }
    // A kernel's return: the work-item is done, nothing it did meets anything later.
}

bool IntervalWalker::lets_one_work_item_in(const Node& branch) const {
    return std::any_of(branch.equality_tests.begin(), branch.equality_tests.end(), [&](const auto& test) {
        return divergence_.is_divergent(test.first) != divergence_.is_divergent(test.second);
    });
}

bool IntervalWalker::has_effective_barrier(const Node& node) const {
    bool found = false;
    for_each_node(node, [&](const Node& inner) {
        if (inner.is_barrier_with_local_fence() && !ignored_.count(inner.id)) found = true;
    });
    return found;
}

// After a uniform branch or loop with a barrier inside: the accesses from before it that are
// still pending got past that barrier only on a path that skipped it. Every work-item takes
// the same path there, and such a path is often one that never runs with the others
// (`if (t + 1 < steps) barrier(...)` is skipped only in the last step, after which no step
// overwrites the tile), so what they meet later is not an error.
void IntervalWalker::skipped_uniformly(PathState& out, const PathState& before) const {
    std::set<std::pair<int, int>> earlier;
    for (const Pending& entry : before.pending) earlier.insert({entry.access, entry.interval_start});
    change_pending(out.pending, [&](Pending& entry) {
        if (earlier.count({entry.access, entry.interval_start})) entry.uncertain = true;
    });
}

PathState IntervalWalker::walk_branch(const Node& branch, PathState state) {
    PathState tested = walk(branch.condition_events(), std::move(state));
    if (!tested.alive) return tested;
    bool is_switch = branch.branch_kind == BranchKind::switch_statement;
    bool guarded = lets_one_work_item_in(branch);
    if (guarded) guards_.push_back(branch.id);
    if (branch.condition_divergent) ++divergent_depth_;
    if (is_switch) exits_.push_back({&branch, {}, {}, {}});
    PathState then_out = walk(branch.then_branch(), tested);
    if (is_switch) {
        then_out = merged(std::move(then_out), exits_.back().breaks);
        exits_.pop_back();
    }
    if (guarded) guards_.pop_back();
    PathState else_out = walk(branch.else_branch(), tested);
    if (branch.condition_divergent) {
        --divergent_depth_;
        // The barrier in one side is reported by rule 1: assume everyone reaches it.
        bool then_barrier = contains_barrier(branch.then_branch());
        bool else_barrier = contains_barrier(branch.else_branch());
        if (then_barrier && !else_barrier) return then_out;
        if (else_barrier && !then_barrier) return else_out;
    }
    PathState out = merged(std::move(then_out), else_out);
    if (!branch.condition_divergent && has_effective_barrier(branch)) skipped_uniformly(out, tested);
    return out;
}

// One pass over the loop from `head`: sets `leaving` to the paths out of it and returns those
// that come back to its head.
PathState IntervalWalker::loop_round(const Node& loop, const PathState& head, std::size_t collector,
                                     PathState& leaving) {
    exits_[collector].breaks = PathState{};
    exits_[collector].continues = PathState{};
    PathState exit_paths, back;
    if (loop.loop_tests_first) {
        PathState tested = walk(loop.condition_events(), head);
        if (loop.loop_has_condition) exit_paths = tested;
        PathState body = walk(loop.loop_body(), tested);
        body = merged(std::move(body), exits_[collector].continues);
        back = walk(loop.loop_step(), std::move(body));
    } else {
        PathState body = walk(loop.loop_body(), head);
        body = merged(std::move(body), exits_[collector].continues);
        exit_paths = walk(loop.condition_events(), std::move(body));
        back = exit_paths;
    }
    leaving = merged(std::move(exit_paths), exits_[collector].breaks);
    return back;
}

PathState IntervalWalker::walk_loop(const Node& loop, PathState entry) {
    PathState before = entry;
    bool some_work_items = loop.condition_divergent && !strides_over_work_items(loop);
    if (some_work_items) ++divergent_depth_;
    exits_.push_back({&loop, {}, {}, {}});
    std::size_t collector = exits_.size() - 1;
    PathState head = std::move(entry);
    PathState leaving;
    for (int round = 0; round < max_loop_rounds; ++round) {
        PathState back = loop_round(loop, head, collector, leaving);
        PathState next_head = merged(head, loops_.crossed(std::move(back), loop.id));
        if (next_head == head) break;
        head = std::move(next_head);
    }
    exits_.pop_back();
    if (some_work_items) --divergent_depth_;
    if (!loop.condition_divergent && has_effective_barrier(loop)) skipped_uniformly(leaving, before);  // e.g. no iteration
    return leaving;
}

// The access `node` happens on a path where `state.pending` happened since the last barrier.
void IntervalWalker::meet(const Node& node, const PathState& state) {
    const LocalAccess& access = node.access;
    int guard = outermost_guard();
    for (const Pending& pending : state.pending) {
        const LocalAccess& earlier = nodes_[static_cast<std::size_t>(pending.access)]->access;
        if (earlier.array != access.array) continue;
        if (guard >= 0 && pending.guard == guard) continue;  // one work-item does both
        auto may_have_changed = [&](const ValueSources& sources) {
            return loops_.assigned_in(pending.crossed_loops, sources);
        };
        std::optional<IterationShift> shift = one_iteration_between(pending, node.id);
        ElementRelation relation =
            relate_elements(earlier, access, divergence_, may_have_changed, shift ? &*shift : nullptr);
        if (relation == ElementRelation::disjoint) continue;
        bool reportable = relation == ElementRelation::other_element && !access.opaque && !earlier.opaque &&
                          !pending.uncertain;
        if (access.reads && earlier.writes)
            add(reportable ? ConflictKind::read_after_write : ConflictKind::needs_barrier, pending, node.id, -1);
        if (access.writes && earlier.reads) meet_write_after_read(node, pending, earlier, reportable);
        if (access.writes && earlier.writes) add(ConflictKind::needs_barrier, pending, node.id, -1);
    }
}

// `later` runs in the iteration of a `for` loop right after the one of `pending` (the outermost
// loop whose back edge it crossed, crossed once, counting up by one, the counter assigned only
// by its step): how to compare their subscripts a step apart.
std::optional<IterationShift> IntervalWalker::one_iteration_between(const Pending& pending, int later) const {
    if (pending.crossed_loops.empty()) return std::nullopt;
    int loop = pending.crossed_loops.front();  // ids are pre-order: the outermost
    const Node& header = *nodes_[static_cast<std::size_t>(loop)];
    if (header.counter_name.empty() || loops_.assignments_in_loop(loop, header.counter) != 1) return std::nullopt;
    if (std::binary_search(pending.crossed_twice.begin(), pending.crossed_twice.end(), loop)) return std::nullopt;
    const std::vector<int>& around = loops_.loops_around(later);
    if (std::find(around.begin(), around.end(), loop) == around.end()) return std::nullopt;
    const std::set<VariableId>& assigned = loops_.assigned_in_loop(loop);
    IterationShift shift;
    shift.counter = header.counter_name;
    // Other loops' counters ("@2{...}") may have any value since: only this counter may appear.
    shift.exact = [&assigned, counter = header.counter_name](const Subscript& subscript) {
        std::string rest = subscript.text;
        for (std::size_t at = rest.find(counter); at != std::string::npos; at = rest.find(counter, at))
            rest.erase(at, counter.size());
        return rest.find('@') == std::string::npos && !names_variable_of(rest, assigned);
    };
    return shift;
}

// The write `node` after the read `pending`: across a loop's back edge, in one step, or only
// keeping a barrier needed.
void IntervalWalker::meet_write_after_read(const Node& node, const Pending& pending, const LocalAccess& earlier,
                                           bool reportable) {
    const std::vector<int>& loops = loops_.loops_around(node.id);
    int loop = -1;  // the innermost loop around this write whose back edge lies between them
    for (auto inner = loops.rbegin(); inner != loops.rend() && loop < 0; ++inner)
        if (std::binary_search(pending.crossed_loops.begin(), pending.crossed_loops.end(), *inner)) loop = *inner;
    if (reportable && loop >= 0)
        add(ConflictKind::write_after_read, pending, node.id, loop);
    else if (reportable && written_by_every_work_item() && read_many_elements(pending, earlier))
        add(ConflictKind::write_after_read_in_step, pending, node.id, -1);
    else
        add(ConflictKind::needs_barrier, pending, node.id, -1);
}

// `for (i = lid; i < n; i += THREADS)`: divergent only through a counter the loop assigns
// itself, with a start that differs per work-item. Every work-item runs it (the usual way to
// spread a tile's elements over the group), so what it writes counts as everyone's writes.
bool IntervalWalker::strides_over_work_items(const Node& loop) const {
    if (loop.condition.reads_work_item_id) return false;
    const std::set<VariableId>& assigned = loops_.assigned_in_loop(loop.id);
    return std::all_of(loop.condition.variables.begin(), loop.condition.variables.end(), [&](VariableId variable) {
        return !divergence_.is_divergent(variable) || assigned.count(variable) > 0;
    });
}

// The read went over elements that differ between work-items or between iterations of a loop
// that ended since (`As[ly][k]` in the `k` loop): not one fixed slot such as `s[64]` or `s[n]`,
// which a group may well read before every work-item stores its own elements.
bool IntervalWalker::read_many_elements(const Pending& read, const LocalAccess& access) const {
    if (!read.crossed_loops.empty()) return true;
    return std::any_of(access.subscripts.begin(), access.subscripts.end(),
                       [&](const Subscript& subscript) { return divergence_.is_divergent(subscript.sources); });
}

void IntervalWalker::add(ConflictKind kind, const Pending& earlier, int later, int loop) {
    Conflict conflict;
    conflict.crosses_removed_barrier = earlier.crossed_removed_barrier;
    conflict.kind = kind;
    conflict.first_access = earlier.access;
    conflict.second_access = later;
    conflict.loop = loop;
    conflict.interval_start = earlier.interval_start;
    conflicts_.insert(conflict);
}

}  // namespace

std::set<Conflict> find_local_memory_conflicts(const KernelIr& kernel, const Divergence& divergence,
                                               const ControlDivergenceReport& control,
                                               const std::set<int>& ignored_barriers) {
    return IntervalWalker(kernel, divergence, control, ignored_barriers).run(kernel.body);
}

}  // namespace checker::barriers
