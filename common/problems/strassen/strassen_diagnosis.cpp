#include "problems/strassen/strassen_diagnosis.hpp"

#include "harness/fill_patterns.hpp"
#include "harness/guarded_buffer.hpp"
#include "harness/matrix.hpp"
#include "problems/strassen/strassen_formulas.hpp"

#include <fmt/format.h>

#include <array>
#include <cmath>
#include <optional>

namespace course {

namespace {

constexpr std::size_t kNodes = 2;
constexpr double kUnitRoundoff = 1.0 / 16777216.0;  // 2^-24

// Node-after-node matrices of 2·rows × 2·cols, read by quadrant.
struct Quadrants {
    const std::vector<float>* values;
    std::size_t rows, cols;  // of one quadrant
    float at(std::size_t node, std::size_t quadrant, std::size_t row, std::size_t col) const {
        const std::size_t r = row + (quadrant / 2) * rows, c = col + (quadrant % 2) * cols;
        return (*values)[node * 4 * rows * cols + r * 2 * cols + c];
    }
};

// A signed sum of up to seven terms as the host computes it, and the error it may carry.
struct Expected {
    double value = 0.0;
    double allowed = 0.0;
};

template <std::size_t Terms>
Expected signed_sum(const std::array<int, Terms>& signs, const std::array<float, Terms>& terms) {
    Expected e;
    double magnitude = 0.0;
    for (std::size_t t = 0; t < Terms; ++t) {
        e.value += signs[t] * static_cast<double>(terms[t]);
        magnitude += std::abs(signs[t]) * std::fabs(static_cast<double>(terms[t]));
    }
    e.allowed = 4.0 * kUnitRoundoff * magnitude;  // a few roundings of the float sum
    return e;
}

std::string got_text(float got) {
    if (float_bits(got) == kUnwrittenBits) return "it was never written";
    return fmt::format("it is {:.7g}", got);
}

bool counts(float got, bool only_unwritten) {
    return !only_unwritten || float_bits(got) == kUnwrittenBits;
}

// The first operand element of strassen_split's output that differs from its formula
// (with `only_unwritten`, the first one never written: the surer sign of a wrong index).
std::optional<std::string> first_wrong_operand(const std::vector<float>& out, const Quadrants& in, bool left_side,
                                               bool only_unwritten) {
    const std::size_t size = in.rows * in.cols;
    for (std::size_t p = 0; p < kStrassenProducts; ++p) {
        const auto& product = strassen_products()[p];
        for (std::size_t node = 0; node < kNodes; ++node) {
            for (std::size_t row = 0; row < in.rows; ++row) {
                for (std::size_t col = 0; col < in.cols; ++col) {
                    std::array<float, 4> quadrant{};
                    for (std::size_t q = 0; q < 4; ++q) quadrant[q] = in.at(node, q, row, col);
                    const Expected want = signed_sum(left_side ? product.left_signs : product.right_signs, quadrant);
                    const float got = out[(node * kStrassenProducts + p) * size + row * in.cols + col];
                    if (std::fabs(static_cast<double>(got) - want.value) <= want.allowed) continue;
                    if (!counts(got, only_unwritten)) continue;
                    return fmt::format(
                        "strassen_split: the {} operand of {} must be {} ({}); at node {}, row {}, column {} of that "
                        "operand it should be {:.7g}, but {}.",
                        left_side ? "left" : "right", product.name, left_side ? product.left : product.right,
                        product_equation(product), node, row, col, want.value, got_text(got));
                }
            }
        }
    }
    return std::nullopt;
}

// The first element of strassen_merge's output that differs from its quadrant's formula.
std::optional<std::string> first_wrong_quadrant(const std::vector<float>& c, const std::vector<float>& products,
                                                std::size_t rows, std::size_t cols, bool only_unwritten) {
    const Quadrants out{&c, rows, cols};
    const std::size_t size = rows * cols;
    for (std::size_t q = 0; q < 4; ++q) {
        const auto& quadrant = strassen_quadrants()[q];
        for (std::size_t node = 0; node < kNodes; ++node) {
            for (std::size_t row = 0; row < rows; ++row) {
                for (std::size_t col = 0; col < cols; ++col) {
                    std::array<float, kStrassenProducts> p{};
                    for (std::size_t i = 0; i < kStrassenProducts; ++i) {
                        p[i] = products[(node * kStrassenProducts + i) * size + row * cols + col];
                    }
                    const Expected want = signed_sum(quadrant.product_signs, p);
                    const float got = out.at(node, q, row, col);
                    if (std::fabs(static_cast<double>(got) - want.value) <= want.allowed) continue;
                    if (!counts(got, only_unwritten)) continue;
                    return fmt::format(
                        "strassen_merge: {} is wrong; at node {}, row {}, column {} of {} it should "
                        "be {:.7g}, but {}.",
                        quadrant_equation(quadrant), node, row, col, quadrant.name, want.value, got_text(got));
                }
            }
        }
    }
    return std::nullopt;
}

std::string damage_text(const char* kernel, const GuardDamage& damage, const char* name, std::size_t rows,
                        std::size_t cols) {
    return fmt::format("{}: {}", kernel, describe_guard_damage(damage, name, rows, cols));
}

}  // namespace

std::string diagnose_strassen_kernels(ClSession& session, StrassenKernels& kernels, Extents half) {
    const auto& context = session.context;
    const auto& device = session.device.device;
    const auto& queue = session.queue;
    std::vector<std::string> findings;

    // strassen_split on random A and B.
    const Matrix a = random_matrix(kNodes * 2 * half.rows, 2 * half.inner, 21);
    const Matrix b = random_matrix(kNodes * 2 * half.inner, 2 * half.cols, 22);
    GuardedBuffer a_buffer(context, device, a.size(), BufferRole::input);
    GuardedBuffer b_buffer(context, device, b.size(), BufferRole::input);
    GuardedBuffer left(context, device, kNodes * kStrassenProducts * half.rows * half.inner, BufferRole::output);
    GuardedBuffer right(context, device, kNodes * kStrassenProducts * half.inner * half.cols, BufferRole::output);
    a_buffer.upload(queue, a.values);
    b_buffer.upload(queue, b.values);
    left.upload(queue);
    right.upload(queue);
    kernels.split(queue, a_buffer.view(), b_buffer.view(), left.view(), right.view(), kNodes, half);
    GuardDamage left_damage, right_damage;
    const auto left_values = left.download(queue, &left_damage);
    const auto right_values = right.download(queue, &right_damage);
    if (left_damage.any()) {
        findings.push_back(
            damage_text("strassen_split", left_damage, "left", left.elements() / half.inner, half.inner));
    } else if (right_damage.any()) {
        findings.push_back(
            damage_text("strassen_split", right_damage, "right", right.elements() / half.cols, half.cols));
    } else {
        const Quadrants a_in{&a.values, half.rows, half.inner}, b_in{&b.values, half.inner, half.cols};
        for (const bool only_unwritten : {true, false}) {
            auto wrong = first_wrong_operand(left_values, a_in, true, only_unwritten);
            if (!wrong) wrong = first_wrong_operand(right_values, b_in, false, only_unwritten);
            if (wrong) {
                findings.push_back(*wrong);
                break;
            }
        }
    }

    // strassen_merge on random products.
    const Matrix products = random_matrix(kNodes * kStrassenProducts * half.rows, half.cols, 23);
    GuardedBuffer products_buffer(context, device, products.size(), BufferRole::input);
    GuardedBuffer c(context, device, kNodes * 4 * half.rows * half.cols, BufferRole::output);
    products_buffer.upload(queue, products.values);
    c.upload(queue);
    kernels.merge(queue, products_buffer.view(), c.view(), kNodes, half);
    GuardDamage c_damage;
    const auto c_values = c.download(queue, &c_damage);
    if (c_damage.any()) {
        findings.push_back(damage_text("strassen_merge", c_damage, "c", c.elements() / (2 * half.cols), 2 * half.cols));
    } else {
        for (const bool only_unwritten : {true, false}) {
            if (auto wrong = first_wrong_quadrant(c_values, products.values, half.rows, half.cols, only_unwritten)) {
                findings.push_back(*wrong);
                break;
            }
        }
    }

    if (findings.empty()) return {};
    std::string text = fmt::format("Run alone on {} nodes of one level (quadrants {}×{} of A, {}×{} of B):", kNodes,
                                   half.rows, half.inner, half.inner, half.cols);
    for (const auto& f : findings) text += "\n  " + f;
    return text;
}

}  // namespace course
