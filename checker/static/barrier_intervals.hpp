// The barrier-interval analysis: which __local accesses of different work-items can meet with no
// barrier(CLK_LOCAL_MEM_FENCE) between them.
//
// Every path through the kernel is followed with the set of accesses made since the last barrier
// ("pending"). Loops are followed until that set stops growing, so the end of one iteration meets
// the start of the next. When an access meets a pending one on the same array
// (element_relation.hpp says whether they can touch one element):
//   - elements that never meet (`s[0]` and `s[1]`): no conflict;
//   - a read after a write at other subscripts: read-after-write (an error);
//   - a write in the next iteration of a loop after a read in the previous one at other
//     subscripts: write-after-read (an error);
//   - a write later in the same pass, by every work-item (not under a divergent condition), after
//     a read at other subscripts: write-after-read in one step (an error);
//   - anything else that could still race (the same element, which is another work-item's too
//     when the index is not unique to one work-item; a read then a write by some work-items; write
//     after write; atomics and other opaque uses; accesses on a path that skipped a barrier under
//     a uniform condition or passed a wait_group_events): a conflict that shows a barrier is
//     needed, but is never reported as an error on its own.
#pragma once

#include "control_divergence.hpp"
#include "divergence.hpp"
#include "ir/kernel_ir.hpp"

#include <set>
#include <tuple>

namespace checker::barriers {

// write_after_read: the read in one iteration of a loop, the write in the next;
// write_after_read_in_step: both in one pass (no loop iterated between), the read first.
enum class ConflictKind { read_after_write, write_after_read, write_after_read_in_step, needs_barrier };

struct Conflict {
    ConflictKind kind = ConflictKind::needs_barrier;
    int first_access = -1;   // node id of the access earlier in execution
    int second_access = -1;  // node id of the later one
    int loop = -1;           // write_after_read: the loop whose next iteration writes
    // Not part of the identity: the barrier (node id, or -1 for the kernel start) after which the
    // first access happened. Conflicts that one barrier would fix share it.
    int interval_start = -1;
    // The first access happened before a barrier that `ignored_barriers` took out: that barrier
    // kept these two apart.
    bool crosses_removed_barrier = false;

    bool operator<(const Conflict& other) const {
        return std::tie(kind, first_access, second_access, loop, crosses_removed_barrier) <
               std::tie(other.kind, other.first_access, other.second_access, other.loop,
                        other.crosses_removed_barrier);
    }
};

// `ignored_barriers`: barriers treated as absent (to test whether one is needed).
// Paths around a barrier reported by rule 1, and paths through an exit reported by rule 2, are
// not followed: every work-item is assumed to reach those barriers, so one mistake gives one error.
std::set<Conflict> find_local_memory_conflicts(const KernelIr& kernel, const Divergence& divergence,
                                               const ControlDivergenceReport& control,
                                               const std::set<int>& ignored_barriers = {});

}  // namespace checker::barriers
