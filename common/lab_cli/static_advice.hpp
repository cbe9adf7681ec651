// `lab run`'s word on the cause of a wrong result: the errors labcheck's static barrier analysis
// (checker/static, libclang) finds in the kernel file, at the defines labcheck analyses it with. A
// `return` before the tile loop makes PoCL compute wrong numbers, even write out of bounds, at the
// store the student guarded; the analysis names the `return`, as labcheck's barriers stage does.
#pragma once

#include "harness/kernel_source.hpp"
#include "terms/defines.hpp"

#include <string>
#include <vector>

namespace course {

struct StaticError {
    unsigned line = 0;
    std::string message;  // the analysis's four parts: expected, what happened, where, what to try
};

// The analysis's errors (its warnings and parse errors left out: the build says those), in line
// order; empty when it finds none, or when this `lab` was built without checker/static.
std::vector<StaticError> static_errors(const KernelSource& source, const Defines& defines);

// Prints them under `heading` ("" prints nothing when there are none).
void print_static_errors(const std::vector<StaticError>& errors, const std::string& heading);

}  // namespace course
