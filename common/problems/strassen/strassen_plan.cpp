#include "problems/strassen/strassen_plan.hpp"

#include "harness/matrix.hpp"
#include "util/user_error.hpp"

#include <fmt/format.h>

namespace course {

std::size_t StrassenPlan::nodes(int level) const {
    std::size_t count = 1;
    for (int l = 0; l < level; ++l) count *= 7;
    return count;
}

double StrassenPlan::addition_bytes() const {
    double floats = 0.0;
    for (int level = 1; level <= levels; ++level) {
        // split: read A and B of level - 1, write the 7 + 7 operands of level;
        // merge: read the 7 products of level, write C of level - 1.
        floats += static_cast<double>(left_elements(level - 1) + right_elements(level - 1));
        floats += static_cast<double>(left_elements(level) + right_elements(level));
        floats += static_cast<double>(product_elements(level) + product_elements(level - 1));
    }
    return floats * sizeof(float);
}

StrassenPlan strassen_plan(ProblemSize size, int levels, Extents macro_tile) {
    const std::size_t scale = std::size_t{1} << levels;
    StrassenPlan plan;
    plan.levels = levels;
    plan.padded.rows = round_up(size.m, scale * macro_tile.rows);
    plan.padded.cols = round_up(size.n, scale * macro_tile.cols);
    plan.padded.inner = round_up(size.k, scale * macro_tile.inner);
    return plan;
}

int strassen_levels(const Defines& defines) {
    const auto text = defines.get("LEVELS");
    const std::string range = fmt::format("LEVELS between 0 (the lab-06 GEMM alone) and {}", kMaxStrassenLevels);
    if (!text) {
        throw UserError({range, "LEVELS is not defined", "kernel defines (labs/07-strassen/lab.toml [defines])",
                         "pass -D LEVELS=1"});
    }
    std::size_t used = 0;
    int levels = -1;
    try {
        levels = std::stoi(*text, &used);
    } catch (const std::exception&) {
        used = 0;
    }
    if (used == 0 || used != text->size() || levels < 0 || levels > kMaxStrassenLevels) {
        throw UserError({range, fmt::format("LEVELS={}", *text), "kernel defines",
                         fmt::format("pass -D LEVELS=1 (up to {})", kMaxStrassenLevels)});
    }
    return levels;
}

}  // namespace course
