// What the static barrier analysis reports: one finding, its severity and the rule names.
// Every step that produces findings includes this header; only the pipeline's top header
// (barrier_findings.hpp) says how to run the whole analysis.
#pragma once

#include <string>

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

// The rule names, for code that compares findings.
namespace rules {
inline constexpr const char* barrier_in_divergent_branch = "barrier-in-divergent-branch";
inline constexpr const char* divergent_exit_before_barrier = "divergent-exit-before-barrier";
inline constexpr const char* missing_barrier_read_after_write = "missing-barrier-read-after-write";
inline constexpr const char* missing_barrier_write_after_read = "missing-barrier-write-after-read";
inline constexpr const char* unneeded_barrier = "unneeded-barrier";
inline constexpr const char* parse_error = "parse-error";
// The file compiles, but its preprocessor tests a macro each compiler defines by itself
// (`#if __OPENCL_VERSION__ >= 200`): which lines a device compiles cannot be known, so nothing is analysed.
inline constexpr const char* compiler_dependent_macro = "compiler-dependent-macro";
}  // namespace rules

}  // namespace checker
