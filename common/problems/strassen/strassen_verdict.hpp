// What a Strassen check found, in the words a student needs: which quadrants
// of C are wrong (with their rows and columns and the first wrong element),
// and, before that, any operand or product between the levels that a kernel
// never wrote or wrote outside of.
#pragma once

#include "harness/guarded_buffer.hpp"
#include "problems/comparison.hpp"
#include "problems/strassen/strassen_formulas.hpp"
#include "problems/strassen/strassen_plan.hpp"

#include <string>
#include <vector>

namespace course {

// The tolerance factor for C after `levels` levels (see compare_with_reference):
// the GEMM's matmul_tolerance_factor(k) times strassen_error_growth(levels).
double strassen_tolerance_factor(std::size_t k, int levels);
// How much larger than a plain GEMM's the error may be after `levels` levels
// (measured: labs/07-strassen/README.md, "Accuracy").
double strassen_error_growth(int levels);

// A buffer between the levels, read back after a checked run.
struct LevelReadBack {
    std::vector<float> values;
    GuardDamage damage;
};

// Level l's buffers (l = 1 .. levels; index 0 unused): the split's operands and the products.
struct ScratchReadBack {
    std::vector<LevelReadBack> left, right, products;
};

// The first problem in the buffers between the levels, in the order they are
// written (splits down, the GEMM's products, merges up); empty when none.
// `scheme` names the kernels and operands (Strassen's or Winograd's).
std::string scratch_findings(const StrassenScheme& scheme, const StrassenPlan& plan, const ScratchReadBack& scratch);

// C (cropped to the user's M × N) against the reference. With levels ≥ 1 it is
// compared one top-level quadrant at a time. Empty when right.
std::string quadrant_verdict(const StrassenScheme& scheme, const MatmulReference& reference, const Matrix& c,
                             double tolerance_factor, const StrassenPlan& plan, const GuardDamage& damage);

}  // namespace course
