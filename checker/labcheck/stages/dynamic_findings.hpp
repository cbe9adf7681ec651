// Turns Oclgrind's diagnostics into findings a student can act on: the same
// problem reported for hundreds of work-items becomes one finding, its line is
// mapped to the student's file, and the message says which barrier is missing
// or why the barrier is unsafe.
#pragma once

#include "protocol/oclgrind_report.hpp"
#include "stages/stage_result.hpp"

#include <string>
#include <vector>

namespace labcheck {

struct DynamicContext {
    std::string student_file;                  // "labs/02-transpose-local/transpose.cl"
    std::vector<std::string> student_kernels;  // kernels built from that file
    // The text of that file, when known: names the array an out-of-bounds read
    // indexes (Oclgrind gives the line and column but quotes the line trimmed).
    std::string student_source;
};

// The identifier that starts at `column` (1-based) of line `line` (1-based) of
// `source`, e.g. "a" for the load in `v = a[j * k + i];`; empty when none does.
std::string identifier_at(const std::string& source, unsigned line, unsigned column);

// Whether a finding is an access outside a buffer or a __local array: the correctness stage counts
// it (stage_correctness.cpp), the barriers stage does not.
bool is_out_of_bounds(const Finding& finding);

// One finding per distinct problem (kind, kernel, lines), most serious first:
// divergence, races, out-of-bounds accesses, then uninitialised values.
std::vector<Finding> dynamic_findings(const OclgrindOutput& output, const DynamicContext& context);

}  // namespace labcheck
