// When a Strassen result is wrong, the two kernels of the scheme are run once
// more on their own, on two nodes of one level with random data, and every
// operand and quadrant they write is compared with its formula computed on the
// host. The first wrong one is named: kernel, product or quadrant, node, row and
// column; when one term is off (a flipped sign, a missing or extra term) the term,
// and for Winograd's scheme the intermediate sum (s2, u4, ...) whose sign would
// reach exactly the wrong operands or quadrants. The merge's formulas are not
// printed: the student derives them.
#pragma once

#include "harness/cl_session.hpp"
#include "harness/launch_geometry.hpp"
#include "problems/strassen/strassen_formulas.hpp"
#include "problems/strassen/strassen_kernels.hpp"

#include <string>

namespace course {

// `half` is one quadrant's size (rows = half_m, inner = half_k, cols = half_n).
// Empty when both kernels of `variant` match the formulas.
std::string diagnose_strassen_kernels(ClSession& session, StrassenKernels& kernels, StrassenVariant variant,
                                      Extents half);

}  // namespace course
