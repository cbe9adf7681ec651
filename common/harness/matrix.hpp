// Dense row-major float matrices on the host: the inputs, the outputs read
// back from the device, and the zero padding the blocked labs need.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace course {

struct Matrix {
    std::size_t rows = 0;
    std::size_t cols = 0;
    std::vector<float> values;  // rows * cols, row-major: element (r, c) is values[r * cols + c]

    Matrix() = default;
    Matrix(std::size_t rows_, std::size_t cols_, float fill = 0.0f)
        : rows(rows_), cols(cols_), values(rows_ * cols_, fill) {}

    float& at(std::size_t r, std::size_t c) { return values[r * cols + c]; }
    float at(std::size_t r, std::size_t c) const { return values[r * cols + c]; }
    std::size_t size() const { return values.size(); }
};

// Uniform values in [-1, 1), each a multiple of 2^-23 (exact in float), the same
// for a given seed on every machine.
Matrix random_matrix(std::size_t rows, std::size_t cols, std::uint64_t seed);

// `m` in the top-left corner of a rows × cols matrix of zeros (rows, cols ≥ m's).
Matrix zero_padded(const Matrix& m, std::size_t rows, std::size_t cols);

// The top-left rows × cols corner of `m`.
Matrix top_left(const Matrix& m, std::size_t rows, std::size_t cols);

// A 64-bit hash of the values' bits (NaN payloads and the sign of zero included):
// two launches that wrote the same bits give the same fingerprint.
std::uint64_t bit_fingerprint(const Matrix& m);

// The smallest multiple of `multiple` that is ≥ value (value ≥ 0, multiple ≥ 1).
std::size_t round_up(std::size_t value, std::size_t multiple);

}  // namespace course
