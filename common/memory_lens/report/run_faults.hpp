// What was wrong with the simulated run the memory report is taken from: Oclgrind's own
// diagnostics in the run's output (a barrier not every work-item reached, a data race, an
// access outside a buffer, a value nobody wrote) and the run's check (a wrong result).
// Figures from such a run describe a kernel that did something else than the student meant:
// the report says so first, and names the lines.
//
// Oclgrind (21.x) writes a diagnostic as a heading at column 0 and tab-indented lines under it,
// one of them "Kernel: NAME" and, with debug information, "At line N (column C) of FILE:" followed
// by that line's text (checker/labcheck/protocol/ reads the same output in full for the grader).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace memory_lens {

enum class FaultKind {
    barrier_divergence,  // "Work-group divergence detected (barrier)"
    data_race,           // "Read-write data race at local memory address ..."
    out_of_bounds,       // "Invalid read of size 4 at global memory address ..."
    uninitialized,       // "Uninitialized value ..."
    other,               // any other diagnostic Oclgrind printed about the kernel
    wrong_result,        // no diagnostic, but the run's check failed
};

// One kind of fault at one line of the kernel file (repeats counted, not listed).
struct RunFault {
    FaultKind kind = FaultKind::other;
    std::string heading;      // Oclgrind's first line, as printed (the check's words for wrong_result)
    std::string memory;       // "global", "local", "constant", "private" or empty
    std::uint32_t line = 0;   // 0 when unknown
    std::string source_line;  // that line's text, trimmed
    std::uint32_t times = 1;  // how many diagnostics of this kind at this line
};

// The faults in the run's output, one per kind and line, in the order they first appeared; and
// a wrong_result fault when the run's `exit_status` says its check failed and Oclgrind said nothing.
std::vector<RunFault> run_faults(const std::string& run_output, int exit_status);

// The lines printed before the figures of a run with faults: what went wrong, where in
// `kernel_file`, and what to do (empty when there are none).
std::string run_faults_text(const std::vector<RunFault>& faults, const std::string& kernel_file,
                            const std::string& lab);

// The line that heads the figures of a run with faults.
std::string wrong_run_banner();

}  // namespace memory_lens
