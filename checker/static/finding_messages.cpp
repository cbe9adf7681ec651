#include "finding_messages.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <set>

namespace checker::barriers {

namespace {

// "the barrier at line 30" or "the barriers at lines 30 and 34".
std::string barriers_at(std::vector<unsigned> lines) {
    std::sort(lines.begin(), lines.end());
    lines.erase(std::unique(lines.begin(), lines.end()), lines.end());
    std::string text = lines.size() == 1 ? "the barrier at line " : "the barriers at lines ";
    for (std::size_t i = 0; i < lines.size(); ++i) {
        if (i > 0) text += (i + 1 == lines.size()) ? " and " : ", ";
        text += std::to_string(lines[i]);
    }
    return text;
}

std::string describe_condition(const DivergentCondition& condition) {
    if (condition.construct == "?:")
        return fmt::format("the conditional expression `{}` at line {}", condition.text, condition.line);
    bool is_loop = condition.construct == "for" || condition.construct == "while" || condition.construct == "do";
    return fmt::format("the `{}`{} at line {} whose condition `{}` depends on the work-item id", condition.construct,
                       is_loop ? " loop" : "", condition.line, condition.text);
}

// "`As[ty][k]` (line 31) reads __local `As` written by other work-items at line 25 (`As[ty][tx]`)",
// one phrase per array, joined with semicolons.
std::string pair_list(const std::vector<AccessPair>& pairs, const char* verb, const char* relation) {
    std::string text;
    for (std::size_t i = 0; i < pairs.size(); ++i) {
        const AccessPair& pair = pairs[i];
        if (i > 0) text += "; ";
        text += fmt::format("`{}` (line {}) {} __local `{}` {} at line {} (`{}`)", pair.second.text, pair.second.line,
                            verb, pair.second.array, relation, pair.first.line, pair.first.text);
    }
    return text;
}

std::vector<unsigned> first_lines(const std::vector<AccessPair>& pairs) {
    std::vector<unsigned> lines;
    for (const AccessPair& pair : pairs) lines.push_back(pair.first.line);
    return lines;
}

std::vector<unsigned> second_lines(const std::vector<AccessPair>& pairs) {
    std::vector<unsigned> lines;
    for (const AccessPair& pair : pairs) lines.push_back(pair.second.line);
    return lines;
}

const char* global_fence_hint =
    " Note: barrier(CLK_GLOBAL_MEM_FENCE) alone does not order __local memory; a barrier that "
    "protects a tile needs CLK_LOCAL_MEM_FENCE.";

// ", and no barrier(CLK_LOCAL_MEM_FENCE) lies between the write and the read", or, when a barrier is
// there but lacks the local fence, what that barrier does and does not do.
std::string between_text(const WrongFences& fences, const std::string& accesses) {
    if (fences.between.empty()) return fmt::format(", and no barrier(CLK_LOCAL_MEM_FENCE) lies between {}", accesses);
    std::vector<unsigned> lines;
    bool all_global = true;
    for (const FenceOnlyBarrier& barrier : fences.between) {
        lines.push_back(barrier.line);
        all_global = all_global && barrier.global_fence;
    }
    const bool one = fences.between.size() == 1;
    const std::string flags =
        all_global ? fmt::format("{} only CLK_GLOBAL_MEM_FENCE: {} __global memory, not the __local tile",
                                 one ? "has" : "have", one ? "it orders" : "they order")
                   : fmt::format("{} no CLK_LOCAL_MEM_FENCE: {} not order the __local tile", one ? "has" : "have",
                                 one ? "it does" : "they do");
    return fmt::format(", and {}, between {}, {}", barriers_at(lines), accesses, flags);
}

// What to try: give the barrier that is there its local fence, or add one where `add` says.
std::string fence_fix(const WrongFences& fences, const std::string& add) {
    if (fences.between.empty()) return add;
    std::vector<unsigned> lines;
    for (const FenceOnlyBarrier& barrier : fences.between) lines.push_back(barrier.line);
    return fmt::format(
        "make {} `barrier(CLK_LOCAL_MEM_FENCE);` (or `barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);` "
        "where it must order __global memory too)",
        barriers_at(lines));
}

// The general note, for a kernel whose barrier without the local fence is elsewhere.
const char* fence_note(const WrongFences& fences) {
    return fences.between.empty() && fences.elsewhere ? global_fence_hint : "";
}

}  // namespace

std::string parse_error_message(const std::string& compiler_text, unsigned line) {
    return fmt::format(
        "The OpenCL C compiler (clang, as OpenCL C 1.2) reports an error at line {}: {}. Expected: a kernel file "
        "that compiles, so that its barriers can be checked. Try: fix this line first; the build "
        "stage shows the complete compiler output.",
        line, compiler_text);
}

std::string compiler_dependent_macro_message(const std::string& macro, unsigned line) {
    return fmt::format(
        "Line {} tests {}, which each OpenCL compiler defines by itself, with a value of its own. Expected: one "
        "text that every compiler reads the same way, so that the static analysis knows which lines the device "
        "compiles. What happens: the file compiles, but the static analysis cannot know which side of the test the "
        "device takes, so it analyses nothing. Try: to have the barriers checked before the kernel runs too, "
        "write the kernel without tests of compiler macros (OpenCL C 1.2 is what every device here compiles).",
        line, macro);
}

std::string barrier_in_divergent_branch_message(const std::string& kernel, unsigned barrier_line,
                                                const DivergentCondition& condition) {
    return fmt::format(
        "In kernel `{}`, the barrier at line {} is inside {}. Expected: every work-item of the "
        "work-group reaches every barrier, the same number of times. What happens: the work-items "
        "for which the condition differs skip this barrier (or reach it a different number of times) "
        "while the others wait at it; that is undefined behaviour in OpenCL, a hang or stale data on a "
        "GPU even when a CPU run looks right. Try: move the barrier out of the `{}` so that all "
        "work-items reach it, and keep only the loads and stores inside the condition.",
        kernel, barrier_line, describe_condition(condition), condition.construct);
}

std::string divergent_exit_message(const std::string& kernel, const std::string& exit_keyword, unsigned exit_line,
                                   const DivergentCondition& condition,
                                   const std::vector<unsigned>& skipped_barrier_lines,
                                   const std::string& loop_construct, unsigned loop_line) {
    std::string place = loop_construct == "switch" ? fmt::format("the `switch` at line {}", loop_line)
                                                   : fmt::format("the `{}` loop at line {}", loop_construct, loop_line);
    std::string what_it_leaves = exit_keyword == "return"  ? std::string("leaves the kernel early")
                                 : exit_keyword == "break" ? "leaves " + place + " early"
                                                           : "jumps to the next iteration of " + place;
    return fmt::format(
        "In kernel `{}`, the `{}` at line {} {} for some work-items only: it is under {}. The work-items "
        "that take it skip {} while the rest of the work-group waits there. Expected: "
        "every work-item of the group reaches every barrier, including work-items past the edge of the "
        "matrix. What happens: undefined behaviour, a hang or wrong tiles on a GPU even when a CPU run "
        "looks right. Try: do not leave early; guard the loads and stores, not the barrier: load 0.0f "
        "into the tile where the element is outside the matrix, write the result only where it is "
        "inside (e.g. `if (row < M && col < N)`), and let every work-item reach every barrier.",
        kernel, exit_keyword, exit_line, what_it_leaves, describe_condition(condition),
        barriers_at(skipped_barrier_lines));
}

std::string read_after_write_message(const std::string& kernel, const std::vector<AccessPair>& pairs,
                                     const WrongFences& fences) {
    std::vector<unsigned> writes = first_lines(pairs);
    std::vector<unsigned> reads = second_lines(pairs);
    unsigned last_write = *std::max_element(writes.begin(), writes.end());
    unsigned first_read = *std::min_element(reads.begin(), reads.end());
    std::string message = fmt::format(
        "In kernel `{}`, {}{}. Expected: the whole "
        "work-group finishes writing __local memory before any work-item reads another's element. What "
        "happens: a work-item can read the element before its owner has written it (stale data from an "
        "earlier tile or work-group); a CPU run often hides this, a GPU does not. Try: {}.",
        kernel, pair_list(pairs, "reads", "written by other work-items"),
        between_text(fences, pairs.size() == 1 ? "the write and the read" : "those writes and reads"),
        fence_fix(fences, fmt::format("add `barrier(CLK_LOCAL_MEM_FENCE);` after the write at line {} and before "
                                      "the read at line {}, at a place every work-item of the group reaches",
                                      last_write, first_read)));
    for (const AccessPair& pair : pairs) {
        if (!pair.first.async_copy) continue;
        message += fmt::format(
            " The write at line {} is an async copy: its data is in __local memory only once "
            "wait_group_events has returned; call wait_group_events for its event before the read at line {}.",
            pair.first.line, pair.second.line);
        break;
    }
    message += fence_note(fences);
    return message;
}

std::string write_after_read_message(const std::string& kernel, const std::vector<AccessPair>& pairs,
                                     const std::string& loop_construct, unsigned loop_line, const WrongFences& fences) {
    std::vector<unsigned> reads = first_lines(pairs);
    unsigned last_read = *std::max_element(reads.begin(), reads.end());
    std::string message = fmt::format(
        "In kernel `{}`, in the next iteration of the `{}` loop at line {}, {}{}. "
        "Expected: every work-item finishes reading the tile before any work-item overwrites it with "
        "the next one. What happens: a fast work-item loads the next tile over elements that slower "
        "work-items still need; a CPU run often hides this, a GPU does not. Try: {}.",
        kernel, loop_construct, loop_line,
        pair_list(pairs, "overwrites", "that other work-items may still be reading from the previous iteration"),
        between_text(fences, pairs.size() == 1 ? "that read and this write" : "those reads and writes"),
        fence_fix(fences, fmt::format("add `barrier(CLK_LOCAL_MEM_FENCE);` after the last read at line {}, at the "
                                      "end of the loop body (the second barrier of each step)",
                                      last_read)));
    message += fence_note(fences);
    return message;
}

std::string write_after_read_in_step_message(const std::string& kernel, const std::vector<AccessPair>& pairs,
                                             const WrongFences& fences) {
    std::vector<unsigned> reads = first_lines(pairs);
    std::vector<unsigned> writes = second_lines(pairs);
    unsigned last_read = *std::max_element(reads.begin(), reads.end());
    unsigned first_write = *std::min_element(writes.begin(), writes.end());
    std::string message = fmt::format(
        "In kernel `{}`, {}{}. Expected: every "
        "work-item finishes reading __local data before any work-item overwrites it. What happens: a "
        "fast work-item stores its new value (e.g. the next tile, prefetched into the buffer being "
        "read) while slower work-items still read the old one; a CPU run often hides this, a GPU does "
        "not. Try: {}.",
        kernel, pair_list(pairs, "overwrites", "that other work-items read earlier in the same step"),
        between_text(fences, pairs.size() == 1 ? "that read and this write" : "those reads and writes"),
        fence_fix(fences, fmt::format("add `barrier(CLK_LOCAL_MEM_FENCE);` after the read at line {} and before "
                                      "the write at line {}, at a place every work-item of the group reaches, or "
                                      "write into the other half of a double buffer",
                                      last_read, first_write)));
    message += fence_note(fences);
    return message;
}

std::string unneeded_barrier_message(const std::string& kernel, unsigned barrier_line, bool kernel_uses_local_memory) {
    std::string reason =
        kernel_uses_local_memory
            ? "it does not separate any write of __local memory from a read or write of the same "
              "elements by another work-item, so removing it would not change the result"
            : "the kernel uses no __local memory, so barrier(CLK_LOCAL_MEM_FENCE) has nothing to order";
    return fmt::format(
        "In kernel `{}`, the barrier at line {} is not needed: {}. Expected: a barrier only where "
        "work-items exchange data through __local memory (after a tile is written and before it is "
        "read, and after it is read and before it is overwritten). What happens: every work-item waits "
        "here for nothing, and each barrier costs time (on a CPU a switch between work-items). Try: "
        "remove it and run the checker again to confirm that no missing-barrier finding appears.",
        kernel, barrier_line, reason);
}

}  // namespace checker::barriers
