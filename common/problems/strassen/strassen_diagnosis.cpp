#include "problems/strassen/strassen_diagnosis.hpp"

#include "harness/fill_patterns.hpp"
#include "harness/guarded_buffer.hpp"
#include "harness/matrix.hpp"

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
    e.allowed = 4.0 * kUnitRoundoff * (magnitude + 2.0 * std::fabs(e.value));  // a few roundings of the float sum
    return e;
}

bool wrong(float got, const Expected& want) {
    return !(std::fabs(static_cast<double>(got) - want.value) <= want.allowed);
}

// When `got` is the right sum with one term's sign flipped, or one term left out or added,
// says which ("the sign of a11 is flipped"); empty otherwise.
struct TermOff {
    std::string text;
    int flipped = -1;  // the term whose sign is flipped, when that is what happened
};

template <std::size_t Terms>
TermOff one_term_off(float got, const std::array<int, Terms>& signs, const std::array<float, Terms>& terms,
                     const std::array<const char*, Terms>& names) {
    const Expected want = signed_sum(signs, terms);
    for (std::size_t t = 0; t < Terms; ++t) {
        const double x = terms[t];
        const double slack = want.allowed + 4.0 * kUnitRoundoff * std::fabs(x);
        const auto near = [&](double value) { return std::fabs(static_cast<double>(got) - value) <= slack; };
        if (signs[t] != 0 && near(want.value - 2.0 * signs[t] * x)) {
            return {fmt::format("it is the right sum with the sign of {} flipped", names[t]), static_cast<int>(t)};
        }
        if (signs[t] != 0 && near(want.value - signs[t] * x)) {
            return {fmt::format("it is the right sum without its {} term", names[t])};
        }
        if (signs[t] == 0 && (near(want.value + x) || near(want.value - x))) {
            return {fmt::format("it is the right sum with a {} term too many", names[t])};
        }
    }
    return {};
}

std::string got_text(float got) {
    if (float_bits(got) == kUnwrittenBits) return "it was never written";
    return fmt::format("it is {:.7g}", got);
}

bool counts(float got, bool only_unwritten) {
    return !only_unwritten || float_bits(got) == kUnwrittenBits;
}

constexpr std::array<const char*, 4> kLeftNames{"a11", "a12", "a21", "a22"};
constexpr std::array<const char*, 4> kRightNames{"b11", "b12", "b21", "b22"};
constexpr std::array<const char*, kStrassenProducts> kProductNames{"p1", "p2", "p3", "p4", "p5", "p6", "p7"};

std::string listed(const std::vector<std::string>& names) {
    std::string text;
    for (std::size_t i = 0; i < names.size(); ++i) {
        text += (i == 0 ? "" : i + 1 == names.size() ? " and " : ", ") + names[i];
    }
    return text;
}

// The split's operands on one side: the first wrong element (with `only_unwritten`, the first one
// never written: the surer sign of a wrong index), and which products' operands are wrong at all.
struct OperandFinding {
    std::string first;
    std::array<bool, kStrassenProducts> wrong_products{};
};

std::optional<OperandFinding> wrong_operands(const StrassenScheme& scheme, const std::vector<float>& out,
                                             const Quadrants& in, bool left_side, bool only_unwritten) {
    const std::size_t size = in.rows * in.cols;
    std::optional<OperandFinding> found;
    for (std::size_t p = 0; p < kStrassenProducts; ++p) {
        const auto& product = scheme.products[p];
        const auto& signs = left_side ? product.left_signs : product.right_signs;
        for (std::size_t node = 0; node < kNodes && !(found && found->wrong_products[p]); ++node) {
            for (std::size_t row = 0; row < in.rows && !(found && found->wrong_products[p]); ++row) {
                for (std::size_t col = 0; col < in.cols; ++col) {
                    std::array<float, 4> quadrant{};
                    for (std::size_t q = 0; q < 4; ++q) quadrant[q] = in.at(node, q, row, col);
                    const float got = out[(node * kStrassenProducts + p) * size + row * in.cols + col];
                    const Expected want = signed_sum(signs, quadrant);
                    if (!wrong(got, want) || !counts(got, only_unwritten)) continue;
                    if (!found) {
                        found.emplace();
                        const std::string off =
                            one_term_off(got, signs, quadrant, left_side ? kLeftNames : kRightNames).text;
                        found->first = fmt::format(
                            "{}: the {} operand of {} must be {} ({}); at node {}, row {}, column {} of that operand "
                            "it should be {:.7g}, but {}{}.",
                            scheme.split_kernel, left_side ? "left" : "right", product.name,
                            left_side ? product.left : product.right, product_equation(product), node, row, col,
                            want.value, got_text(got), off.empty() ? "" : ": " + off);
                    }
                    found->wrong_products[p] = true;
                    break;
                }
            }
        }
    }
    return found;
}

// The intermediate sum whose wrong sign reaches exactly the wrong operands (Winograd's s2, ...).
std::string suspect_sum(const std::vector<StrassenIntermediate>& sums,
                        const std::array<bool, kStrassenProducts>& wrong) {
    std::vector<std::string> names;
    for (std::size_t p = 0; p < kStrassenProducts; ++p) {
        if (wrong[p]) names.push_back(kProductNames[p]);
    }
    for (const auto& sum : sums) {
        if (sum.products != wrong) continue;
        return fmt::format(" The operands of {} are wrong, exactly those that use {}: check {}.", listed(names),
                           sum.name, sum.formula);
    }
    return names.size() > 1 ? fmt::format(" The operands of {} are wrong.", listed(names)) : std::string();
}

// The merge: the first wrong element of C, and which quadrants are wrong at all.
struct QuadrantFinding {
    std::string first;
    std::array<bool, 4> wrong_quadrants{};
    int flipped = -1;  // the product whose sign is flipped in the first wrong element, if that explains it
};

std::optional<QuadrantFinding> wrong_quadrants(const StrassenScheme& scheme, const std::vector<float>& c,
                                               const std::vector<float>& products, std::size_t rows, std::size_t cols,
                                               bool only_unwritten) {
    const Quadrants out{&c, rows, cols};
    const std::size_t size = rows * cols;
    std::optional<QuadrantFinding> found;
    for (std::size_t q = 0; q < 4; ++q) {
        const auto& quadrant = scheme.quadrants[q];
        for (std::size_t node = 0; node < kNodes && !(found && found->wrong_quadrants[q]); ++node) {
            for (std::size_t row = 0; row < rows && !(found && found->wrong_quadrants[q]); ++row) {
                for (std::size_t col = 0; col < cols; ++col) {
                    std::array<float, kStrassenProducts> p{};
                    for (std::size_t i = 0; i < kStrassenProducts; ++i) {
                        p[i] = products[(node * kStrassenProducts + i) * size + row * cols + col];
                    }
                    const Expected want = signed_sum(quadrant.product_signs, p);
                    const float got = out.at(node, q, row, col);
                    if (!wrong(got, want) || !counts(got, only_unwritten)) continue;
                    if (!found) {
                        found.emplace();
                        const TermOff term = one_term_off(got, quadrant.product_signs, p, kProductNames);
                        const std::string& off = term.text;
                        found->flipped = term.flipped;
                        found->first = fmt::format(
                            "{}: {} is wrong; at node {}, row {}, column {} of {} it should be {:.7g}, but {}{}.",
                            scheme.merge_kernel, quadrant.name, node, row, col, quadrant.name, want.value,
                            got_text(got), off.empty() ? "" : ": " + off);
                    }
                    found->wrong_quadrants[q] = true;
                    break;
                }
            }
        }
    }
    return found;
}

// The merge's intermediate sum (Winograd's u2, ...) whose wrong sign explains the wrong quadrants.
std::string suspect_merge_sum(const StrassenScheme& scheme, const QuadrantFinding& finding) {
    std::vector<std::string> names;
    for (std::size_t q = 0; q < 4; ++q) {
        if (finding.wrong_quadrants[q]) names.push_back(scheme.quadrants[q].name);
    }
    for (const auto& sum : scheme.merge_sums) {
        if (sum.quadrants != finding.wrong_quadrants) continue;
        if (sum.added >= 0 && sum.added != finding.flipped) continue;
        return fmt::format(" {} {} wrong, exactly the quadrants built from {}: check {}.", listed(names),
                           names.size() == 1 ? "is" : "are", sum.name, sum.formula);
    }
    return names.size() > 1 ? fmt::format(" {} are wrong.", listed(names)) : std::string();
}

std::string damage_text(const char* kernel, const GuardDamage& damage, const char* name, std::size_t rows,
                        std::size_t cols) {
    return fmt::format("{}: {}", kernel, describe_guard_damage(damage, name, rows, cols));
}

std::optional<std::string> diagnose_split(ClSession& session, StrassenKernels& kernels, const StrassenScheme& scheme,
                                          Extents half) {
    const auto& context = session.context;
    const auto& device = session.device.device;
    const auto& queue = session.queue;
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
    kernels.split(queue, scheme.variant, a_buffer.view(), b_buffer.view(), left.view(), right.view(), kNodes, half);
    GuardDamage left_damage, right_damage;
    const auto left_values = left.download(queue, &left_damage);
    const auto right_values = right.download(queue, &right_damage);
    if (left_damage.any()) {
        return damage_text(scheme.split_kernel, left_damage, "left", left.elements() / half.inner, half.inner);
    }
    if (right_damage.any()) {
        return damage_text(scheme.split_kernel, right_damage, "right", right.elements() / half.cols, half.cols);
    }
    const Quadrants a_in{&a.values, half.rows, half.inner}, b_in{&b.values, half.inner, half.cols};
    for (const bool only_unwritten : {true, false}) {
        if (auto found = wrong_operands(scheme, left_values, a_in, true, only_unwritten)) {
            return found->first + (only_unwritten ? "" : suspect_sum(scheme.left_sums, found->wrong_products));
        }
        if (auto found = wrong_operands(scheme, right_values, b_in, false, only_unwritten)) {
            return found->first + (only_unwritten ? "" : suspect_sum(scheme.right_sums, found->wrong_products));
        }
    }
    return std::nullopt;
}

std::optional<std::string> diagnose_merge(ClSession& session, StrassenKernels& kernels, const StrassenScheme& scheme,
                                          Extents half) {
    const auto& queue = session.queue;
    const Matrix products = random_matrix(kNodes * kStrassenProducts * half.rows, half.cols, 23);
    GuardedBuffer products_buffer(session.context, session.device.device, products.size(), BufferRole::input);
    GuardedBuffer c(session.context, session.device.device, kNodes * 4 * half.rows * half.cols, BufferRole::output);
    products_buffer.upload(queue, products.values);
    c.upload(queue);
    kernels.merge(queue, scheme.variant, products_buffer.view(), c.view(), kNodes, half);
    GuardDamage c_damage;
    const auto c_values = c.download(queue, &c_damage);
    if (c_damage.any()) {
        return damage_text(scheme.merge_kernel, c_damage, "c", c.elements() / (2 * half.cols), 2 * half.cols);
    }
    for (const bool only_unwritten : {true, false}) {
        if (auto found = wrong_quadrants(scheme, c_values, products.values, half.rows, half.cols, only_unwritten)) {
            return found->first + (only_unwritten ? "" : suspect_merge_sum(scheme, *found));
        }
    }
    return std::nullopt;
}

}  // namespace

std::string diagnose_strassen_kernels(ClSession& session, StrassenKernels& kernels, StrassenVariant variant,
                                      Extents half) {
    const StrassenScheme& scheme = strassen_scheme(variant);
    std::vector<std::string> findings;
    if (auto split = diagnose_split(session, kernels, scheme, half)) findings.push_back(*split);
    if (auto merge = diagnose_merge(session, kernels, scheme, half)) findings.push_back(*merge);
    if (findings.empty()) return {};
    std::string text = fmt::format("Run alone on {} nodes of one level (quadrants {}×{} of A, {}×{} of B):", kNodes,
                                   half.rows, half.inner, half.inner, half.cols);
    for (const auto& f : findings) text += "\n  " + f;
    return text;
}

}  // namespace course
