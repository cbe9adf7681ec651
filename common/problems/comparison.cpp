#include "problems/comparison.hpp"

#include "harness/fill_patterns.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace course {

namespace {

constexpr double kUnitRoundoff = 1.0 / 16777216.0;  // 2^-24

MismatchKind classify(float got) {
    const auto bits = float_bits(got);
    if (bits == kUnwrittenBits) return MismatchKind::never_written;
    if (bits == kInputGuardBits) return MismatchKind::read_outside;
    if (bits == kLocalPoisonBits) return MismatchKind::unwritten_local;
    if (!std::isfinite(got)) return MismatchKind::not_a_number;
    return MismatchKind::wrong_value;
}

ElementState state_of(MismatchKind kind) {
    switch (kind) {
        case MismatchKind::never_written: return ElementState::never_written;
        case MismatchKind::read_outside: return ElementState::read_outside;
        case MismatchKind::unwritten_local:
        case MismatchKind::not_a_number:
        case MismatchKind::wrong_value: break;
    }
    return ElementState::wrong_value;
}

void record(Comparison& result, std::size_t row, std::size_t col, double expected, float got, double allowed) {
    const auto kind = classify(got);
    result.map.add(row, col, state_of(kind));
    ++result.wrong;
    if (kind == MismatchKind::never_written) ++result.never_written;
    if (!result.first) result.first = Mismatch{row, col, expected, got, allowed, kind};
}

}  // namespace

Comparison compare_exact(const Matrix& expected, const Matrix& got) {
    Comparison result;
    result.map = ResultMap(expected.rows, expected.cols);
    for (std::size_t r = 0; r < expected.rows; ++r) {
        for (std::size_t c = 0; c < expected.cols; ++c) {
            ++result.checked;
            const float want = expected.at(r, c);
            const float have = got.at(r, c);
            if (have == 0.0f) ++result.zeros;
            if (float_bits(want) != float_bits(have)) {
                record(result, r, c, want, have, 0.0);
            } else {
                result.map.add(r, c, ElementState::right);
            }
        }
    }
    return result;
}

Comparison compare_with_reference(const MatmulReference& reference, const Matrix& got, double tolerance_factor) {
    Comparison result;
    result.map = ResultMap(got.rows, reference.cols);
    for (std::size_t i = 0; i < reference.rows.size(); ++i) {
        const std::size_t row = reference.rows[i];
        for (std::size_t c = 0; c < reference.cols; ++c) {
            ++result.checked;
            const double want = reference.value[i * reference.cols + c];
            const double allowed = tolerance_factor * kUnitRoundoff * reference.magnitude[i * reference.cols + c];
            const float have = got.at(row, c);
            if (have == 0.0f) ++result.zeros;
            // Written so that a NaN fails: NaN compares false.
            if (!(std::fabs(static_cast<double>(have) - want) <= allowed)) {
                record(result, row, c, want, have, allowed);
            } else {
                result.map.add(row, c, ElementState::right);
            }
        }
    }
    return result;
}

double matmul_tolerance_factor(std::size_t k) {
    const double kd = static_cast<double>(k);
    return std::max(4.0 * std::sqrt(kd), std::min(kd, 16.0) + 1.0);
}

std::string describe_mismatch(const Comparison& comparison, const std::string& name, std::size_t rows,
                              std::size_t cols) {
    if (comparison.ok() || !comparison.first) return {};
    const Mismatch& m = *comparison.first;
    const std::string element =
        fmt::format("{}[{}][{}] (row {}, column {} of {}×{})", name, m.row, m.col, m.row, m.col, rows, cols);
    std::string text;
    switch (m.kind) {
        case MismatchKind::never_written:
            text = fmt::format("{} was never written: expected {:.6g}.", element, m.expected);
            break;
        case MismatchKind::read_outside:
            text = fmt::format("{} holds a value read from outside an input buffer: expected {:.6g}.", element,
                               m.expected);
            break;
        case MismatchKind::unwritten_local:
            text = fmt::format("{} holds a value read from __local memory that no work-item wrote: expected {:.6g}.",
                               element, m.expected);
            break;
        case MismatchKind::not_a_number:
            text = fmt::format("{} is {}: expected {:.6g}.", element, m.got, m.expected);
            break;
        case MismatchKind::wrong_value:
            text = m.allowed > 0.0 ? fmt::format("{}: expected {:.7g}, got {:.7g} (error {:.3g}, allowed {:.3g}).",
                                                 element, m.expected, m.got, std::fabs(m.got - m.expected), m.allowed)
                                   : fmt::format("{}: expected {:.7g}, got {:.7g}.", element, m.expected, m.got);
            break;
    }
    text += fmt::format(" {} of {} checked elements are wrong", comparison.wrong, comparison.checked);
    if (comparison.never_written > 0) text += fmt::format(", {} never written", comparison.never_written);
    text += ".";
    return text;
}

}  // namespace course
