#include "harness/matrix.hpp"
#include "problems/reference.hpp"

#include <doctest/doctest.h>

using namespace course;

TEST_CASE("random matrices are reproducible, in [-1, 1), and differ by seed") {
    const Matrix a = random_matrix(5, 7, 3), b = random_matrix(5, 7, 3), c = random_matrix(5, 7, 4);
    CHECK(a.values == b.values);
    CHECK(a.values != c.values);
    for (float v : a.values) {
        CHECK(v >= -1.0f);
        CHECK(v < 1.0f);
    }
}

TEST_CASE("padding puts the matrix top-left among zeros, and cropping undoes it") {
    const Matrix a = random_matrix(3, 5, 1);
    const Matrix p = zero_padded(a, 4, 8);
    CHECK(p.rows == 4);
    CHECK(p.cols == 8);
    CHECK(p.at(2, 4) == a.at(2, 4));
    CHECK(p.at(2, 5) == 0.0f);
    CHECK(p.at(3, 0) == 0.0f);
    CHECK(top_left(p, 3, 5).values == a.values);
}

TEST_CASE("round_up") {
    CHECK(round_up(1, 16) == 16);
    CHECK(round_up(16, 16) == 16);
    CHECK(round_up(17, 16) == 32);
    CHECK(round_up(0, 16) == 0);
}

TEST_CASE("the transpose reference swaps rows and columns") {
    const Matrix a = random_matrix(2, 3, 1);
    const Matrix at = transpose_reference(a);
    CHECK(at.rows == 3);
    CHECK(at.cols == 2);
    CHECK(at.at(2, 1) == a.at(1, 2));
}

TEST_CASE("the matmul reference of selected rows equals those rows of the full product") {
    const Matrix a = random_matrix(10, 6, 1), b = random_matrix(6, 4, 2);
    const auto full = matmul_reference(a, b);
    const auto some = matmul_reference(a, b, {3, 9});
    CHECK(some.value[0 * 4 + 2] == full.value[3 * 4 + 2]);
    CHECK(some.value[1 * 4 + 3] == full.value[9 * 4 + 3]);
    double by_hand = 0.0;
    for (std::size_t k = 0; k < 6; ++k) by_hand += double(a.at(3, k)) * double(b.at(k, 2));
    CHECK(full.value[3 * 4 + 2] == doctest::Approx(by_hand).epsilon(1e-14));
}
