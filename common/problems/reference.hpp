// CPU answers the device's results are compared with. Matrix products are
// computed in double precision through OpenBLAS (cblas_dgemm), which stays
// exact enough and fast at the largest sizes the labs use.
#pragma once

#include "harness/matrix.hpp"

#include <vector>

namespace course {

Matrix transpose_reference(const Matrix& a);

// Selected rows of C = A·B in double, and for each element the sum of the
// magnitudes of its terms, Σ_k |a_jk·b_ki|, which scales its rounding error.
struct MatmulReference {
    std::vector<std::size_t> rows;  // rows of C held, in this order
    std::size_t cols = 0;           // columns of C
    std::vector<double> value;      // rows.size() × cols
    std::vector<double> magnitude;  // rows.size() × cols
};

// `rows` empty means every row of C.
MatmulReference matmul_reference(const Matrix& a, const Matrix& b, std::vector<std::size_t> rows = {});

// Rows worth checking in a large product: the first and last few, and a spread
// between them, `count` in all (every row when C has no more than that).
std::vector<std::size_t> sample_rows(std::size_t total_rows, std::size_t count);

}  // namespace course
