#include "problems/reference.hpp"

#include <cblas.h>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace course {

Matrix transpose_reference(const Matrix& a) {
    Matrix at(a.cols, a.rows);
    for (std::size_t r = 0; r < a.rows; ++r) {
        for (std::size_t c = 0; c < a.cols; ++c) at.at(c, r) = a.at(r, c);
    }
    return at;
}

MatmulReference matmul_reference(const Matrix& a, const Matrix& b, std::vector<std::size_t> rows) {
    if (rows.empty()) {
        rows.resize(a.rows);
        std::iota(rows.begin(), rows.end(), std::size_t{0});
    }
    const std::size_t m = rows.size(), k = a.cols, n = b.cols;
    std::vector<double> a_rows(m * k), a_abs(m * k), b_d(k * n), b_abs(k * n);
    for (std::size_t i = 0; i < m; ++i) {
        for (std::size_t j = 0; j < k; ++j) {
            a_rows[i * k + j] = a.at(rows[i], j);
            a_abs[i * k + j] = std::fabs(a_rows[i * k + j]);
        }
    }
    for (std::size_t i = 0; i < k * n; ++i) {
        b_d[i] = b.values[i];
        b_abs[i] = std::fabs(b_d[i]);
    }
    MatmulReference ref{rows, n, std::vector<double>(m * n), std::vector<double>(m * n)};
    const auto mi = static_cast<int>(m), ki = static_cast<int>(k), ni = static_cast<int>(n);
    cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, mi, ni, ki, 1.0, a_rows.data(), ki, b_d.data(), ni, 0.0,
                ref.value.data(), ni);
    cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, mi, ni, ki, 1.0, a_abs.data(), ki, b_abs.data(), ni, 0.0,
                ref.magnitude.data(), ni);
    return ref;
}

std::vector<std::size_t> sample_rows(std::size_t total_rows, std::size_t count) {
    std::vector<std::size_t> rows;
    if (total_rows <= count) {
        rows.resize(total_rows);
        std::iota(rows.begin(), rows.end(), std::size_t{0});
        return rows;
    }
    const std::size_t edge = std::min<std::size_t>(count / 4, 8);
    for (std::size_t r = 0; r < edge; ++r) rows.push_back(r);
    const std::size_t middle = count - 2 * edge;
    for (std::size_t i = 0; i < middle; ++i) {
        rows.push_back(edge + (i * (total_rows - 2 * edge)) / middle);
    }
    for (std::size_t r = total_rows - edge; r < total_rows; ++r) rows.push_back(r);
    std::sort(rows.begin(), rows.end());
    rows.erase(std::unique(rows.begin(), rows.end()), rows.end());
    return rows;
}

}  // namespace course
