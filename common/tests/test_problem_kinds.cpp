// The table of problem kinds: every kind has its name, its size form and its row.
#include "problems/problem_kinds.hpp"

#include <doctest/doctest.h>

using namespace course;

TEST_CASE("every problem kind has a name that reads back, and a row in the table") {
    for (const ProblemKind kind : {ProblemKind::transpose, ProblemKind::matmul, ProblemKind::strassen}) {
        INFO(problem_kind_name(kind));
        CHECK(problem_kind_named(problem_kind_name(kind)) == kind);
        const ProblemKindInfo& row = problem_kind_info(kind);
        CHECK(row.kind == kind);
        CHECK(static_cast<bool>(row.make_driver));
        CHECK(static_cast<bool>(row.race_sizes));
        CHECK(static_cast<bool>(row.simulated_work));
    }
    CHECK_FALSE(problem_kind_named("matmul_4d"));
    CHECK(size_form_of(ProblemKind::transpose) == SizeForm::m_by_k);
    CHECK(size_form_of(ProblemKind::strassen) == SizeForm::m_by_k_by_n);
    CHECK(problem_kind_info(ProblemKind::transpose).rate_unit == RateUnit::gigabytes_per_second);
    CHECK(problem_kind_info(ProblemKind::matmul).rate_unit == RateUnit::gigaflops_per_second);
}

TEST_CASE("the kinds' Oclgrind work: elements for a transpose, padded multiply-adds for a product") {
    const Defines none;
    CHECK(problem_kind_info(ProblemKind::transpose).simulated_work({17, 33, 1}, {1, 1, 1}, none) == 17.0 * 33.0);
    CHECK(problem_kind_info(ProblemKind::matmul).simulated_work({17, 20, 30}, {16, 32, 8}, none) ==
          32.0 * 32.0 * 24.0);
    Defines two_levels;
    two_levels.set("LEVELS", "2");
    CHECK(problem_kind_info(ProblemKind::strassen).simulated_work({17, 20, 30}, {16, 16, 16}, two_levels) ==
          64.0 * 64.0 * 64.0);
}
