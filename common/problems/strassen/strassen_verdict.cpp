#include "problems/strassen/strassen_verdict.hpp"

#include "harness/fill_patterns.hpp"
#include "problems/strassen/strassen_formulas.hpp"
#include "problems/verdict_text.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace course {

namespace {

struct Range {
    std::size_t begin = 0, end = 0;  // [begin, end)
    bool empty() const { return end <= begin; }
    std::string text() const {
        return end - begin == 1 ? fmt::format("{}", begin) : fmt::format("{}–{}", begin, end - 1);
    }
};

// Where element `index` of a level's buffer lies: node, matrix within the node, row, column.
struct Place {
    std::size_t node, matrix, row, col;
};

Place place_of(std::size_t index, std::size_t matrices_per_node, std::size_t rows, std::size_t cols) {
    const std::size_t matrix = index / (rows * cols);
    const std::size_t within = index % (rows * cols);
    return {matrix / matrices_per_node, matrix % matrices_per_node, within / cols, within % cols};
}

std::size_t first_unwritten(const std::vector<float>& values, std::size_t* count) {
    std::size_t first = values.size();
    *count = 0;
    for (std::size_t i = 0; i < values.size(); ++i) {
        if (float_bits(values[i]) != kUnwrittenBits) continue;
        if (first == values.size()) first = i;
        ++*count;
    }
    return first;
}

// The split's operands of one level, one side ("left" from A, "right" from B).
std::string operand_findings(const StrassenScheme& scheme, const LevelReadBack& buffer, int level, bool left_side,
                             std::size_t rows, std::size_t cols) {
    const char* side = left_side ? "left" : "right";
    const std::size_t operands = buffer.values.size() / (rows * cols);
    if (buffer.damage.any()) {
        return fmt::format("{} wrote outside the level-{} {} operands: {}", scheme.split_kernel, level, side,
                           describe_guard_damage(buffer.damage, side, operands * rows, cols));
    }
    std::size_t count = 0;
    const std::size_t index = first_unwritten(buffer.values, &count);
    if (count == 0) return {};
    const Place at = place_of(index, kStrassenProducts, rows, cols);
    const auto& product = scheme.products[at.matrix];
    return fmt::format(
        "{} never wrote the {} operand of {} ({}, for {}) of node {} at level {}, row {}, column {} "
        "({}[{}]); {} of the {} floats of the level-{} {} operands were never written. Operand i of node z starts at "
        "{} + (7·z + i)·{}: check the store's index and that the NDRange covers every row and column.",
        scheme.split_kernel, side, product.name, left_side ? product.left : product.right, product_equation(product),
        at.node, level, at.row, at.col, side, index, count, buffer.values.size(), level, side, side,
        left_side ? "half_m·half_k" : "half_k·half_n");
}

// The products of one level: written by the GEMM at the deepest level, by strassen_merge above it.
std::string product_findings(const StrassenScheme& scheme, const LevelReadBack& buffer, const StrassenPlan& plan,
                             int level) {
    const bool from_gemm = level == plan.levels;
    const std::size_t rows = plan.rows(level), cols = plan.cols(level);
    const std::string writer = from_gemm ? "the lab-06 GEMM" : scheme.merge_kernel;
    if (buffer.damage.any()) {
        return fmt::format("{} wrote outside the level-{} products: {}", writer, level,
                           describe_guard_damage(buffer.damage, "products", buffer.values.size() / cols, cols));
    }
    std::size_t count = 0;
    const std::size_t index = first_unwritten(buffer.values, &count);
    if (count == 0) return {};
    const Place at = place_of(index, 1, rows, cols);
    if (from_gemm) {
        return fmt::format(
            "the lab-06 GEMM never wrote element ({}, {}) of product {} at level {}; {} floats of the "
            "level-{} products were never written.",
            at.row, at.col, at.node, level, count, level);
    }
    // Node at.node of this level is the C of a merge one level down: name its quadrant.
    const std::size_t half_rows = plan.rows(level + 1), half_cols = plan.cols(level + 1);
    const auto& quadrant = scheme.quadrants[2 * static_cast<std::size_t>(at.row >= half_rows) +
                                            static_cast<std::size_t>(at.col >= half_cols)];
    return fmt::format(
        "{} never wrote {} of node {} at level {} (row {}, column {} of that node's C); {} floats of the "
        "level-{} results were never written. Node z's C starts at c + 4·z·half_m·half_n and its rows are 2·half_n "
        "long: check the store's index and that the NDRange covers every row and column.",
        scheme.merge_kernel, quadrant.name, at.node, level, at.row, at.col, count, level);
}

// The part of `reference` and `c` in rows × cols, compared, with positions in the whole of C.
Comparison compare_block(const MatmulReference& reference, const Matrix& c, double tolerance_factor, Range rows,
                         Range cols) {
    MatmulReference block;
    block.cols = cols.end - cols.begin;
    Matrix got(rows.end - rows.begin, block.cols);
    for (std::size_t i = 0; i < reference.rows.size(); ++i) {
        const std::size_t row = reference.rows[i];
        if (row < rows.begin || row >= rows.end) continue;
        block.rows.push_back(row - rows.begin);
        for (std::size_t col = cols.begin; col < cols.end; ++col) {
            block.value.push_back(reference.value[i * reference.cols + col]);
            block.magnitude.push_back(reference.magnitude[i * reference.cols + col]);
            got.at(row - rows.begin, col - cols.begin) = c.at(row, col);
        }
    }
    Comparison comparison = compare_with_reference(block, got, tolerance_factor);
    if (comparison.first) {
        comparison.first->row += rows.begin;
        comparison.first->col += cols.begin;
    }
    return comparison;
}

// Which quadrants of C a product is added into (at one level).
std::vector<std::string> quadrants_using(const StrassenScheme& scheme, std::size_t product) {
    std::vector<std::string> names;
    for (const auto& q : scheme.quadrants) {
        if (q.product_signs[product] != 0) names.push_back(q.name);
    }
    return names;
}

std::string joined(const std::vector<std::string>& names) {
    std::string text;
    for (std::size_t i = 0; i < names.size(); ++i) {
        text += (i == 0 ? "" : i + 1 == names.size() ? " and " : ", ") + names[i];
    }
    return text;
}

// At one level a wrong product shows in exactly the quadrants that add it; a
// wrong quadrant formula in that quadrant alone. Names the suspects (not the
// merge's formulas: deriving them is the lab).
std::string one_level_hint(const StrassenScheme& scheme, const std::vector<std::string>& wrong) {
    std::vector<std::string> hints;
    for (std::size_t p = 0; p < kStrassenProducts; ++p) {
        if (quadrants_using(scheme, p) != wrong) continue;
        const auto& product = scheme.products[p];
        hints.push_back(
            fmt::format("{} is the product added into exactly {}: check its operands in {} "
                        "(left {}, right {}) and its sign in {} ({}).",
                        product_equation(product), joined(wrong), scheme.split_kernel, product.left, product.right,
                        scheme.merge_kernel, joined(wrong)));
    }
    if (wrong.size() == 1)
        hints.push_back(fmt::format("Check the sum for {} in {}.", wrong.front(), scheme.merge_kernel));
    if (hints.empty()) {
        return "No single product reaches exactly these quadrants: look for more than one wrong formula, or a wrong "
               "index (a quadrant's offset, a row length of 2·half_k or 2·half_n).";
    }
    std::string text;
    for (const auto& hint : hints) text += (text.empty() ? "" : " ") + hint;
    return text;
}

// At one level, at a size whose padding leaves only some quadrants of C with real elements: a
// wrong product shows only in those, so name the products that fit what is seen (wrong where
// wrong, right where right) and the size at which all four show.
std::string padded_one_level_hint(const StrassenScheme& scheme, const std::vector<std::string>& wrong,
                                  const std::vector<std::string>& right, const std::vector<std::string>& padding,
                                  const std::string& filling_size) {
    std::vector<std::string> fitting;
    for (std::size_t p = 0; p < kStrassenProducts; ++p) {
        const auto reached = quadrants_using(scheme, p);
        const auto reaches = [&](const std::string& q) {
            return std::find(reached.begin(), reached.end(), q) != reached.end();
        };
        if (std::all_of(wrong.begin(), wrong.end(), reaches) && std::none_of(right.begin(), right.end(), reaches)) {
            fitting.push_back(scheme.products[p].name);
        }
    }
    std::vector<std::string> real = wrong;
    real.insert(real.end(), right.begin(), right.end());
    std::string text = fmt::format("At this size {} {} only padding, so a wrong product can show only in {}. ",
                                   joined(padding), padding.size() == 1 ? "holds" : "hold", joined(real));
    text += fitting.empty()
                ? "No single product fits what is wrong and right here: look for more than one wrong formula, or a "
                  "wrong index (a quadrant's offset, a row length of 2·half_k or 2·half_n)."
                : fmt::format("{} {} added into {}{}: check {} operands in {} and {} sign{} in {}.", joined(fitting),
                              fitting.size() == 1 ? "is" : "are", joined(wrong),
                              right.empty() ? "" : " and not into " + joined(right),
                              fitting.size() == 1 ? "its" : "their", scheme.split_kernel,
                              fitting.size() == 1 ? "its" : "their", fitting.size() == 1 ? "" : "s",
                              scheme.merge_kernel);
    if (wrong.size() == 1) text += fmt::format(" Or the sum for {} in {} is wrong.", wrong.front(), scheme.merge_kernel);
    return text + fmt::format(" A size that fills all four quadrants (e.g. --size {}) shows which quadrants the wrong "
                              "product reaches, and so which one it is.",
                              filling_size);
}

}  // namespace

double strassen_error_growth(int levels) {
    return std::pow(2.0, levels);
}

double strassen_tolerance_factor(std::size_t k, int levels) {
    return matmul_tolerance_factor(k) * strassen_error_growth(levels);
}

std::string scratch_findings(const StrassenScheme& scheme, const StrassenPlan& plan, const ScratchReadBack& scratch) {
    for (int level = 1; level <= plan.levels; ++level) {
        const auto l = static_cast<std::size_t>(level);
        std::string text = operand_findings(scheme, scratch.left[l], level, true, plan.rows(level), plan.inner(level));
        if (text.empty()) {
            text = operand_findings(scheme, scratch.right[l], level, false, plan.inner(level), plan.cols(level));
        }
        if (!text.empty()) return text;
    }
    for (int level = plan.levels; level >= 1; --level) {
        std::string text = product_findings(scheme, scratch.products[static_cast<std::size_t>(level)], plan, level);
        if (!text.empty()) return text;
    }
    return {};
}

std::string quadrant_verdict(const StrassenScheme& scheme, const MatmulReference& reference, const Matrix& c,
                             double tolerance_factor, const StrassenPlan& plan, const GuardDamage& damage) {
    const std::size_t padded_rows = plan.rows(0), padded_cols = plan.cols(0);
    if (plan.levels == 0) {
        return verdict_text(compare_with_reference(reference, c, tolerance_factor), damage,
                            {"c", c.rows, c.cols, padded_rows, padded_cols});
    }
    std::string text = describe_guard_damage(damage, "c", padded_rows, padded_cols);
    std::vector<std::string> wrong, right, padding, details;
    for (const auto& q : scheme.quadrants) {
        const std::size_t half_rows = plan.rows(1), half_cols = plan.cols(1);
        const Range rows{q.row_half * half_rows, std::min(c.rows, (q.row_half + 1) * half_rows)};
        const Range cols{q.col_half * half_cols, std::min(c.cols, (q.col_half + 1) * half_cols)};
        if (rows.empty() || cols.empty()) {
            padding.push_back(q.name);
            continue;
        }
        const Comparison comparison = compare_block(reference, c, tolerance_factor, rows, cols);
        const std::string name = fmt::format("{} (rows {}, columns {})", q.name, rows.text(), cols.text());
        if (comparison.ok()) {
            right.push_back(q.name);
            continue;
        }
        wrong.push_back(q.name);
        details.push_back(fmt::format("  {}: {}", name, describe_mismatch(comparison, "c", padded_rows, padded_cols)));
    }
    if (wrong.empty()) return text;
    if (!text.empty()) text += "\n";
    text += fmt::format("C is wrong in {}{}{}{}{}:", joined(wrong), right.empty() ? "" : "; right in ", joined(right),
                        padding.empty() ? "" : "; only padding at this size in ", joined(padding));
    for (const auto& d : details) text += "\n" + d;
    // The smallest size whose top-level quadrants are all real at one level.
    const std::string filling_size = fmt::format("{}x{}x{}", 2 * (plan.rows(0) >> plan.levels),
                                                 2 * (plan.inner(0) >> plan.levels), 2 * (plan.cols(0) >> plan.levels));
    if (plan.levels == 1 && padding.empty()) {
        text += "\n" + one_level_hint(scheme, wrong);
    } else if (plan.levels == 1) {
        text += "\n" + padded_one_level_hint(scheme, wrong, right, padding, filling_size);
    } else {
        text += fmt::format(
            "\nAt LEVELS={} a wrong product also reaches other quadrants through the levels below "
            "the top one; run a size that fills all four quadrants with -D LEVELS=1 (e.g. --size "
            "{}) to see which quadrants it reaches at one level.",
            plan.levels, filling_size);
    }
    return text;
}

}  // namespace course
