#include "problems/timed_result.hpp"

#include "problems/comparison.hpp"
#include "harness/fill_patterns.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>

namespace course {

namespace {

constexpr double kUnitRoundoff = 1.0 / 16777216.0;  // 2^-24
// Sums in double of float-exact values carry rounding of their own, far below a float's: this much
// of the sum of magnitudes is allowed on top, so that a right result never fails a checksum.
constexpr double kDoubleSlack = 1e-9;

// Reads `rows` of `m` (all of them when `rows` is empty) into `into`, a m.rows × m.cols matrix.
void read_rows(const cl::CommandQueue& queue, const DeviceMatrix& m, const std::vector<std::size_t>& rows,
               Matrix& into) {
    if (into.rows != m.rows || into.cols != m.cols) into = Matrix(m.rows, m.cols);
    const std::size_t row_bytes = m.cols * sizeof(float);
    if (rows.empty() && m.pitch == m.cols) {
        queue.enqueueReadBuffer(m.buffer, CL_TRUE, 0, m.rows * row_bytes, into.values.data());
        return;
    }
    const auto read_one = [&](std::size_t r) {
        queue.enqueueReadBuffer(m.buffer, CL_FALSE, r * m.pitch * sizeof(float), row_bytes, &into.values[r * m.cols]);
    };
    if (rows.empty()) {
        for (std::size_t r = 0; r < m.rows; ++r) read_one(r);
    } else {
        for (const std::size_t r : rows) read_one(r);
    }
    queue.finish();
}

// The first element of `got` that is not a number, described; empty when every element is one.
std::string unwritten_problem(const Matrix& got, const std::string& name) {
    std::size_t bad = 0, unwritten = 0, first = got.size();
    for (std::size_t i = 0; i < got.size(); ++i) {
        if (std::isfinite(got.values[i])) continue;
        ++bad;
        if (float_bits(got.values[i]) == kUnwrittenBits) ++unwritten;
        if (first == got.size()) first = i;
    }
    if (bad == 0) return {};
    const std::size_t row = first / got.cols, col = first % got.cols;
    const bool never = float_bits(got.values[first]) == kUnwrittenBits;
    return fmt::format(
        "{}[{}][{}] (row {}, column {} of {}×{}) {}. {} of the {} elements are not numbers, {} of them never "
        "written (they still hold the NaN the output was filled with just before the launch).",
        name, row, col, row, col, got.rows, got.cols,
        never ? "was never written" : fmt::format("is {}", got.values[first]), bad, got.size(), unwritten);
}

}  // namespace

std::vector<std::size_t> random_rows(std::size_t total_rows, std::size_t count, std::uint64_t seed) {
    std::vector<std::size_t> rows(total_rows);
    std::iota(rows.begin(), rows.end(), std::size_t{0});
    if (total_rows <= count) return rows;
    // A partial Fisher–Yates shuffle driven by mt19937_64, whose sequence the standard fixes.
    std::mt19937_64 generator(seed);
    for (std::size_t i = 0; i < count; ++i) {
        const std::size_t j = i + static_cast<std::size_t>(generator() % (total_rows - i));
        std::swap(rows[i], rows[j]);
    }
    rows.resize(count);
    std::sort(rows.begin(), rows.end());
    return rows;
}

std::uint64_t mixed_seed(std::uint64_t seed, std::uint64_t salt) {
    std::uint64_t z = seed ^ (salt * 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

void enqueue_unwritten_fill(const cl::CommandQueue& queue, const cl::Buffer& buffer, std::size_t bytes) {
    queue.enqueueFillBuffer(buffer, float_from_bits(kUnwrittenBits), 0, bytes);
}

MatmulResultCheck::MatmulResultCheck(const Matrix& a, const Matrix& b, double tolerance_factor, std::uint64_t seed)
    : k_(a.cols),
      tolerance_factor_(tolerance_factor),
      sample_(matmul_reference(a, b, random_rows(a.rows, kTimedSampleRows, seed))) {
    const std::size_t m = a.rows, k = a.cols, n = b.cols;
    // Σ_j C_ij = Σ_k A_ik·(Σ_j B_kj) and Σ_i C_ij = Σ_k (Σ_i A_ik)·B_kj, with the same sums of magnitudes.
    std::vector<double> b_row(k, 0.0), b_row_abs(k, 0.0), a_col(k, 0.0), a_col_abs(k, 0.0);
    for (std::size_t p = 0; p < k; ++p) {
        for (std::size_t j = 0; j < n; ++j) {
            b_row[p] += b.at(p, j);
            b_row_abs[p] += std::fabs(b.at(p, j));
        }
    }
    for (std::size_t i = 0; i < m; ++i) {
        for (std::size_t p = 0; p < k; ++p) {
            a_col[p] += a.at(i, p);
            a_col_abs[p] += std::fabs(a.at(i, p));
        }
    }
    const auto bound = [&](double magnitude) {
        return tolerance_factor * kUnitRoundoff * magnitude + kDoubleSlack * magnitude;
    };
    row_sum_.assign(m, 0.0);
    row_bound_.assign(m, 0.0);
    for (std::size_t i = 0; i < m; ++i) {
        double magnitude = 0.0;
        for (std::size_t p = 0; p < k; ++p) {
            row_sum_[i] += a.at(i, p) * b_row[p];
            magnitude += std::fabs(a.at(i, p)) * b_row_abs[p];
        }
        row_bound_[i] = bound(magnitude);
    }
    col_sum_.assign(n, 0.0);
    col_bound_.assign(n, 0.0);
    std::vector<double> col_magnitude(n, 0.0);
    for (std::size_t p = 0; p < k; ++p) {
        for (std::size_t j = 0; j < n; ++j) {
            col_sum_[j] += a_col[p] * b.at(p, j);
            col_magnitude[j] += a_col_abs[p] * std::fabs(b.at(p, j));
        }
    }
    for (std::size_t j = 0; j < n; ++j) col_bound_[j] = bound(col_magnitude[j]);
}

std::string MatmulResultCheck::whole_result_problem(const std::string& name) const {
    if (std::string text = unwritten_problem(got_, name); !text.empty()) return text;
    std::vector<double> col_got(got_.cols, 0.0);
    for (std::size_t i = 0; i < got_.rows; ++i) {
        double row_got = 0.0;
        for (std::size_t j = 0; j < got_.cols; ++j) {
            row_got += got_.at(i, j);
            col_got[j] += got_.at(i, j);
        }
        if (!(std::fabs(row_got - row_sum_[i]) <= row_bound_[i])) {
            return fmt::format(
                "row {} of {} ({}×{}) adds up to {:.7g}, but its exact sum is {:.7g} (the rounding of its {} "
                "elements allows {:.3g}): some of its elements are wrong.",
                i, name, got_.rows, got_.cols, row_got, row_sum_[i], got_.cols, row_bound_[i]);
        }
    }
    for (std::size_t j = 0; j < got_.cols; ++j) {
        if (!(std::fabs(col_got[j] - col_sum_[j]) <= col_bound_[j])) {
            return fmt::format(
                "column {} of {} ({}×{}) adds up to {:.7g}, but its exact sum is {:.7g} (the rounding of its {} "
                "elements allows {:.3g}): some of its elements are wrong.",
                j, name, got_.rows, got_.cols, col_got[j], col_sum_[j], got_.rows, col_bound_[j]);
        }
    }
    return {};
}

std::string MatmulResultCheck::operator()(const cl::CommandQueue& queue, const DeviceMatrix& c, ResultCheck depth,
                                          const std::string& name) {
    read_rows(queue, c, depth == ResultCheck::whole ? std::vector<std::size_t>{} : sample_.rows, got_);
    const Comparison sampled = compare_with_reference(sample_, got_, tolerance_factor_);
    if (!sampled.ok()) return describe_mismatch(sampled, name, c.rows, c.cols);
    return depth == ResultCheck::whole ? whole_result_problem(name) : std::string();
}

TransposeResultCheck::TransposeResultCheck(const Matrix& a, std::uint64_t seed)
    : expected_(transpose_reference(a)), rows_(random_rows(a.cols, kTimedSampleRows, seed)) {}

std::string TransposeResultCheck::operator()(const cl::CommandQueue& queue, const DeviceMatrix& at, ResultCheck depth) {
    const bool whole = depth == ResultCheck::whole;
    read_rows(queue, at, whole ? std::vector<std::size_t>{} : rows_, got_);
    Comparison result;
    const auto compare_row = [&](std::size_t r) {
        for (std::size_t c = 0; c < expected_.cols; ++c) {
            ++result.checked;
            const float want = expected_.at(r, c), have = got_.at(r, c);
            if (float_bits(want) == float_bits(have)) continue;
            ++result.wrong;
            const bool never = float_bits(have) == kUnwrittenBits;
            if (never) ++result.never_written;
            if (!result.first) {
                result.first = Mismatch{r,
                                        c,
                                        want,
                                        have,
                                        0.0,
                                        never                 ? MismatchKind::never_written
                                        : std::isfinite(have) ? MismatchKind::wrong_value
                                                              : MismatchKind::not_a_number};
            }
        }
    };
    if (whole) {
        for (std::size_t r = 0; r < expected_.rows; ++r) compare_row(r);
    } else {
        for (const std::size_t r : rows_) compare_row(r);
    }
    return describe_mismatch(result, "at", expected_.rows, expected_.cols);
}

}  // namespace course
