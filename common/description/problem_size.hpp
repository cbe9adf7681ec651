// Sizes as users write them: "37x50" (m × k) for a transpose, "64x100x33"
// (M × K × N) or "512" (square) for a product. "×" works as well as "x".
#pragma once

#include <cstddef>
#include <string>

namespace course {

struct ProblemSize {
    std::size_t m = 1;  // rows of A (and of C)
    std::size_t k = 1;  // columns of A (rows of B)
    std::size_t n = 1;  // columns of B and C (unused by a transpose)
};

enum class SizeForm { m_by_k, m_by_k_by_n };

// Throws UserError on anything but positive whole numbers in the form's shape.
ProblemSize parse_problem_size(const std::string& text, SizeForm form);
std::string size_text(const ProblemSize& size, SizeForm form);

}  // namespace course
