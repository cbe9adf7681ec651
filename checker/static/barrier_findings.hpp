// The autograder's static barrier analysis: reads an OpenCL C 1.2 kernel file with libclang and
// reports barrier and __local-memory mistakes with the line they are on, before the kernel runs.
//
// On a CPU device (PoCL) a kernel with a missing barrier, or with a `return` before a barrier,
// usually still computes the right answer, so these bugs have to be found in the source.
// The analysis prefers silence to a false alarm: when a construct is ambiguous it reports nothing.
#pragma once

#include "analysis_input.hpp"
#include "finding.hpp"

#include <vector>

namespace checker {

// Every finding for every `__kernel` in the file, sorted by line. Empty means no problem found.
std::vector<BarrierFinding> barrier_findings(const StaticAnalysisInput& input);

}  // namespace checker
