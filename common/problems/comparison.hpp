// Compares a device result with the CPU reference, element by element, and
// keeps what a student needs to find the bug: the first wrong element, what it
// should have been, what it was, and how many others are wrong.
#pragma once

#include "harness/matrix.hpp"
#include "problems/reference.hpp"
#include "problems/result_map.hpp"

#include <optional>
#include <string>

namespace course {

enum class MismatchKind {
    wrong_value,    // a number, but not within tolerance
    never_written,  // still holds the NaN pattern written before the launch
    read_outside,   // holds the NaN pattern of an input's guard zone
    unwritten_local,  // holds the NaN that __local memory holds when a check starts (harness/local_poison.hpp)
    not_a_number,   // some other NaN or infinity
};

struct Mismatch {
    std::size_t row = 0, col = 0;
    double expected = 0.0;
    float got = 0.0f;
    double allowed = 0.0;  // the largest error accepted here
    MismatchKind kind = MismatchKind::wrong_value;
};

struct Comparison {
    std::size_t checked = 0;
    std::size_t wrong = 0;          // every kind of mismatch
    std::size_t never_written = 0;  // of which never written
    std::size_t zeros = 0;          // checked elements, right or wrong, that hold exactly 0
    std::optional<Mismatch> first;  // in row-major order
    ResultMap map;                  // every checked element, as a small character map
    bool ok() const { return wrong == 0; }
};

// Exact, bit-for-bit comparison: a transpose only moves values.
Comparison compare_exact(const Matrix& expected, const Matrix& got);

// Compares the rows of `got` that `reference` holds. An element passes when
// |got - exact| ≤ tolerance_factor · u · Σ_k |a_jk·b_ki|, with u = 2^-24.
Comparison compare_with_reference(const MatmulReference& reference, const Matrix& got, double tolerance_factor);

// The factor for a float dot product of length k: max(4·√k, min(k, 16) + 1).
// Rounding errors of a length-k sum grow like √k in practice (k in the worst
// case); the bound keeps a margin of about 3 over what summing in any order
// gives, while a missing or extra term, or a swapped index, is far outside it.
double matmul_tolerance_factor(std::size_t k);

// One paragraph on a failed comparison, naming the output as `name[row][col]`.
std::string describe_mismatch(const Comparison& comparison, const std::string& name, std::size_t rows,
                              std::size_t cols);

}  // namespace course
