// The autograder's static barrier analysis: reads an OpenCL C 1.2 kernel file with libclang and
// reports barrier and __local-memory mistakes with the line they are on, before the kernel runs.
//
// On a CPU device (PoCL) a kernel with a missing barrier, or with a `return` before a barrier,
// usually still computes the right answer, so these bugs have to be found in the source.
// The analysis prefers silence to a false alarm: when a construct is ambiguous it reports nothing.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace checker {

enum class FindingSeverity { error, warning };

struct BarrierFinding {
    FindingSeverity severity = FindingSeverity::error;
    // One of: "barrier-in-divergent-branch", "divergent-exit-before-barrier",
    // "missing-barrier-read-after-write", "missing-barrier-write-after-read",
    // "unneeded-barrier", "parse-error".
    std::string rule;
    std::string file;  // the display path given in the input (or the header a line is in)
    unsigned line = 0, column = 0;
    // Complete sentences for a student: what was expected, what happened, where, what to try.
    std::string message;
};

struct StaticAnalysisInput {
    std::string display_path;                                  // e.g. "labs/04-matmul-tiled/matmul.cl"
    std::string source;                                        // the file's text
    std::vector<std::pair<std::string, std::string>> defines;  // e.g. {"TILE_SIZE", "16"}
    std::vector<std::string> include_dirs;
};

// Every finding for every `__kernel` in the file, sorted by line. Empty means no problem found.
std::vector<BarrierFinding> barrier_findings(const StaticAnalysisInput& input);

// The rule names, for code that compares findings.
namespace rules {
inline constexpr const char* barrier_in_divergent_branch = "barrier-in-divergent-branch";
inline constexpr const char* divergent_exit_before_barrier = "divergent-exit-before-barrier";
inline constexpr const char* missing_barrier_read_after_write = "missing-barrier-read-after-write";
inline constexpr const char* missing_barrier_write_after_read = "missing-barrier-write-after-read";
inline constexpr const char* unneeded_barrier = "unneeded-barrier";
inline constexpr const char* parse_error = "parse-error";
}  // namespace rules

}  // namespace checker
