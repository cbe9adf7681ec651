// When a Strassen result is wrong, the two kernels are run once more on their
// own, on two nodes of one level with random data, and every operand and
// quadrant they write is compared with its formula computed on the host. The
// first wrong one is named: kernel, formula, node, row and column.
#pragma once

#include "harness/cl_session.hpp"
#include "harness/launch_geometry.hpp"
#include "problems/strassen/strassen_kernels.hpp"

#include <string>

namespace course {

// `half` is one quadrant's size (rows = half_m, inner = half_k, cols = half_n).
// Empty when both kernels match the formulas.
std::string diagnose_strassen_kernels(ClSession& session, StrassenKernels& kernels, Extents half);

}  // namespace course
