#include "harness/matrix.hpp"

#include <algorithm>
#include <cstring>
#include <random>

namespace course {

Matrix random_matrix(std::size_t rows, std::size_t cols, std::uint64_t seed) {
    // mt19937_64's output sequence is fixed by the standard; the distributions are
    // not, so the mapping to [-1, 1) is done here: 24 random bits, scaled exactly.
    std::mt19937_64 engine(seed);
    Matrix m(rows, cols);
    for (auto& v : m.values) {
        const auto bits = static_cast<std::int64_t>(engine() >> 40);  // 0 .. 2^24 - 1
        v = static_cast<float>(bits - (1 << 23)) / static_cast<float>(1 << 23);
    }
    return m;
}

Matrix zero_padded(const Matrix& m, std::size_t rows, std::size_t cols) {
    Matrix padded(rows, cols, 0.0f);
    for (std::size_t r = 0; r < m.rows; ++r) {
        std::copy_n(m.values.begin() + static_cast<std::ptrdiff_t>(r * m.cols), m.cols,
                    padded.values.begin() + static_cast<std::ptrdiff_t>(r * cols));
    }
    return padded;
}

Matrix top_left(const Matrix& m, std::size_t rows, std::size_t cols) {
    Matrix corner(rows, cols);
    for (std::size_t r = 0; r < rows; ++r) {
        std::copy_n(m.values.begin() + static_cast<std::ptrdiff_t>(r * m.cols), cols,
                    corner.values.begin() + static_cast<std::ptrdiff_t>(r * cols));
    }
    return corner;
}

std::size_t round_up(std::size_t value, std::size_t multiple) {
    return (value + multiple - 1) / multiple * multiple;
}

std::uint64_t bit_fingerprint(const Matrix& m) {
    std::uint64_t hash = 14695981039346656037ull;  // FNV-1a
    for (const float value : m.values) {
        std::uint32_t bits = 0;
        std::memcpy(&bits, &value, sizeof bits);
        for (int byte = 0; byte < 4; ++byte) {
            hash ^= (bits >> (8 * byte)) & 0xffu;
            hash *= 1099511628211ull;
        }
    }
    return hash;
}

}  // namespace course
