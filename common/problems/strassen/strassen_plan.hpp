// The shape of one Strassen multiplication, before anything runs: the sizes
// padded to 2^levels × the GEMM's macro tile, and at each level how many
// nodes there are and how large each node's matrices are.
//
// Level 0 is the whole product, C (M × N) = A (M × K) · B (K × N) with the
// padded sizes. Each node of level l - 1 becomes 7 nodes of level l whose
// matrices are half as high and half as wide: level l has 7^l nodes of
// (M / 2^l) × (K / 2^l) times (K / 2^l) × (N / 2^l).
#pragma once

#include "terms/defines.hpp"
#include "harness/launch_geometry.hpp"
#include "description/problem_size.hpp"

#include <cstddef>

namespace course {

constexpr int kMaxStrassenLevels = 3;

struct StrassenPlan {
    int levels = 0;
    Extents padded;  // rows = M, cols = N, inner = K of the whole (padded) product

    std::size_t nodes(int level) const;                                   // 7^level
    std::size_t rows(int level) const { return padded.rows >> level; }    // of A and C at a node
    std::size_t inner(int level) const { return padded.inner >> level; }  // columns of A, rows of B
    std::size_t cols(int level) const { return padded.cols >> level; }    // of B and C
    // Floats of all the nodes of a level together.
    std::size_t left_elements(int level) const { return nodes(level) * rows(level) * inner(level); }
    std::size_t right_elements(int level) const { return nodes(level) * inner(level) * cols(level); }
    std::size_t product_elements(int level) const { return nodes(level) * rows(level) * cols(level); }
    // Bytes strassen_split and strassen_merge read and write in one whole run.
    double addition_bytes() const;
};

// M, K and N rounded up to 2^levels × `macro_tile` (the GEMM's padding multiples).
StrassenPlan strassen_plan(ProblemSize size, int levels, Extents macro_tile);

// The LEVELS define: 0 (the plain lab-06 GEMM) to kMaxStrassenLevels.
// Throws UserError when it is missing or out of range.
int strassen_levels(const Defines& defines);

}  // namespace course
