// The words a student reads. Each message says what was expected, what happened, where
// (kernel, line, array) and what to try. Kept apart from the analyses so the wording can be
// reviewed and changed in one place.
#pragma once

#include <string>
#include <vector>

namespace checker::barriers {

// The condition that makes some work-items do something others do not.
struct DivergentCondition {
    std::string construct;  // "if", "for", "while", "do", "switch", "?:"
    std::string text;       // "row >= M || col >= N"
    unsigned line = 0;
};

// One __local access, as written.
struct AccessQuote {
    std::string array;  // "As"
    std::string text;   // "As[ty][k]"
    unsigned line = 0;
    bool async_copy = false;  // an async_work_group_copy by the whole work-group
};

// Two accesses of one array by different work-items with no barrier between them.
struct AccessPair {
    AccessQuote first;   // earlier in execution
    AccessQuote second;  // later: where the finding is reported
};

std::string parse_error_message(const std::string& compiler_text, unsigned line);
// The file's preprocessor tests `macro`, which every OpenCL compiler defines by itself, at `line`.
std::string compiler_dependent_macro_message(const std::string& macro, unsigned line);

std::string barrier_in_divergent_branch_message(const std::string& kernel, unsigned barrier_line,
                                                const DivergentCondition& condition);

// exit_keyword: "return", "break" or "continue"; loop_construct/loop_line: the loop a break or
// continue leaves (empty for return).
std::string divergent_exit_message(const std::string& kernel, const std::string& exit_keyword, unsigned exit_line,
                                   const DivergentCondition& condition,
                                   const std::vector<unsigned>& skipped_barrier_lines,
                                   const std::string& loop_construct, unsigned loop_line);

// A barrier without CLK_LOCAL_MEM_FENCE, which students often think covers __local memory.
struct FenceOnlyBarrier {
    unsigned line = 0;
    bool global_fence = true;  // it has CLK_GLOBAL_MEM_FENCE (false: no fence flag at all)
};

// The barriers without CLK_LOCAL_MEM_FENCE that a race finding is about.
struct WrongFences {
    std::vector<FenceOnlyBarrier> between;  // they lie between the two accesses: the barrier is there, its flag is not
    bool elsewhere = false;                 // none lies between, but the kernel has one somewhere
};

// pairs: first = the write, second = the read.
std::string read_after_write_message(const std::string& kernel, const std::vector<AccessPair>& pairs,
                                     const WrongFences& fences);

// pairs: first = the read (previous iteration), second = the write (next iteration).
std::string write_after_read_message(const std::string& kernel, const std::vector<AccessPair>& pairs,
                                     const std::string& loop_construct, unsigned loop_line, const WrongFences& fences);

// pairs: first = the read, second = the later write of the same pass (no loop step between).
std::string write_after_read_in_step_message(const std::string& kernel, const std::vector<AccessPair>& pairs,
                                             const WrongFences& fences);

std::string unneeded_barrier_message(const std::string& kernel, unsigned barrier_line, bool kernel_uses_local_memory);

}  // namespace checker::barriers
