#include "description/problem_size.hpp"
#include "util/user_error.hpp"

#include <doctest/doctest.h>

using namespace course;

TEST_CASE("sizes parse in both forms, with x or ×") {
    const auto t = parse_problem_size("37x50", SizeForm::m_by_k);
    CHECK(t.m == 37);
    CHECK(t.k == 50);
    const auto p = parse_problem_size("64×100×33", SizeForm::m_by_k_by_n);
    CHECK(p.m == 64);
    CHECK(p.k == 100);
    CHECK(p.n == 33);
    const auto square = parse_problem_size("512", SizeForm::m_by_k_by_n);
    CHECK(square.n == 512);
    CHECK(size_text(p, SizeForm::m_by_k_by_n) == "64×100×33");
}

TEST_CASE("malformed sizes are refused") {
    CHECK_THROWS_AS(parse_problem_size("0x5", SizeForm::m_by_k), UserError);
    CHECK_THROWS_AS(parse_problem_size("5x", SizeForm::m_by_k), UserError);
    CHECK_THROWS_AS(parse_problem_size("5x5x5", SizeForm::m_by_k), UserError);
    CHECK_THROWS_AS(parse_problem_size("5x5", SizeForm::m_by_k_by_n), UserError);
    CHECK_THROWS_AS(parse_problem_size("-3", SizeForm::m_by_k), UserError);
    CHECK_THROWS_AS(parse_problem_size("big", SizeForm::m_by_k), UserError);
}
