#include "problems/comparison.hpp"
#include "harness/fill_patterns.hpp"
#include "problems/reference.hpp"
#include "problems/verdict_text.hpp"

#include <doctest/doctest.h>

#include <cmath>

using namespace course;

namespace {

// C = A·B summed in float, in the order a simple kernel would.
Matrix float_product(const Matrix& a, const Matrix& b, std::size_t skip_last_k = 0) {
    Matrix c(a.rows, b.cols);
    for (std::size_t i = 0; i < a.rows; ++i) {
        for (std::size_t j = 0; j < b.cols; ++j) {
            float sum = 0.0f;
            for (std::size_t k = 0; k + skip_last_k < a.cols; ++k) sum += a.at(i, k) * b.at(k, j);
            c.at(i, j) = sum;
        }
    }
    return c;
}

}  // namespace

TEST_CASE("a float product passes against the double reference at many K") {
    for (std::size_t k : {1u, 2u, 3u, 7u, 16u, 17u, 100u, 1000u}) {
        const Matrix a = random_matrix(9, k, 11), b = random_matrix(k, 13, 12);
        const auto cmp =
            compare_with_reference(matmul_reference(a, b), float_product(a, b), matmul_tolerance_factor(k));
        CHECK_MESSAGE(cmp.ok(), "K=" << k);
        CHECK(cmp.checked == 9 * 13);
    }
}

TEST_CASE("the tolerance catches an off-by-one in K") {
    for (std::size_t k : {2u, 17u, 100u, 1000u}) {
        const Matrix a = random_matrix(9, k, 21), b = random_matrix(k, 13, 22);
        const auto cmp =
            compare_with_reference(matmul_reference(a, b), float_product(a, b, 1), matmul_tolerance_factor(k));
        CHECK_MESSAGE(!cmp.ok(), "K=" << k);
        CHECK(cmp.wrong > 9 * 13 / 2);
    }
}

TEST_CASE("the tolerance catches a swapped index") {
    const Matrix a = random_matrix(16, 16, 31), b = random_matrix(16, 16, 32);
    Matrix wrong(16, 16);
    for (std::size_t i = 0; i < 16; ++i)
        for (std::size_t j = 0; j < 16; ++j) {
            float sum = 0.0f;
            for (std::size_t k = 0; k < 16; ++k) sum += a.at(i, k) * b.at(j, k);  // b transposed by mistake
            wrong.at(i, j) = sum;
        }
    CHECK(!compare_with_reference(matmul_reference(a, b), wrong, matmul_tolerance_factor(16)).ok());
}

TEST_CASE("the tolerance factor grows like sqrt(K) and is never below K+1 for short sums") {
    CHECK(matmul_tolerance_factor(1) == doctest::Approx(4.0));
    CHECK(matmul_tolerance_factor(4) >= 5.0);
    CHECK(matmul_tolerance_factor(4096) == doctest::Approx(256.0));
}

TEST_CASE("the first wrong element is reported with its kind") {
    const Matrix expected = random_matrix(3, 4, 5);
    Matrix got = expected;
    got.at(1, 2) = float_from_bits(kUnwrittenBits);
    got.at(2, 3) = 0.5f;
    const auto cmp = compare_exact(expected, got);
    REQUIRE(cmp.first);
    CHECK(cmp.first->row == 1);
    CHECK(cmp.first->col == 2);
    CHECK(cmp.first->kind == MismatchKind::never_written);
    CHECK(cmp.wrong == (expected.at(2, 3) == 0.5f ? 1u : 2u));
    CHECK(cmp.never_written == 1);
    const std::string text = describe_mismatch(cmp, "at", 3, 4);
    CHECK(text.find("at[1][2]") != std::string::npos);
    CHECK(text.find("never written") != std::string::npos);
}

TEST_CASE("a value read from an input's guard zone is named as such") {
    const Matrix expected = random_matrix(2, 2, 5);
    Matrix got = expected;
    got.at(0, 1) = float_from_bits(kInputGuardBits);
    const auto cmp = compare_exact(expected, got);
    REQUIRE(cmp.first);
    CHECK(cmp.first->kind == MismatchKind::read_outside);
    CHECK(describe_mismatch(cmp, "at", 2, 2).find("outside an input") != std::string::npos);
}

TEST_CASE("sampled rows include the first and the last") {
    const auto rows = sample_rows(4096, 64);
    CHECK(rows.size() <= 64);
    CHECK(rows.front() == 0);
    CHECK(rows.back() == 4095);
    CHECK(sample_rows(10, 64).size() == 10);
}

TEST_CASE("a failure that reads the same at every size is named in a few words, any other is not") {
    const Matrix expected = random_matrix(3, 5, 7);
    Matrix unwritten(3, 5);
    for (float& v : unwritten.values) v = float_from_bits(kUnwrittenBits);
    CHECK(repeating_failure(compare_exact(expected, unwritten), {}, "at") == "no element of at was written");
    const Matrix zeros(3, 5);
    CHECK(repeating_failure(compare_exact(expected, zeros), {}, "at") == "every element of at was 0");
    // One element written: the failure differs from size to size, so it is said in full each time.
    Matrix one_written = unwritten;
    one_written.at(1, 2) = expected.at(1, 2);
    CHECK(repeating_failure(compare_exact(expected, one_written), {}, "at").empty());
    Matrix one_nonzero = zeros;
    one_nonzero.at(0, 0) = 1.0f;
    CHECK(repeating_failure(compare_exact(expected, one_nonzero), {}, "at").empty());
    // A write outside the output is said in full too, and a right result has nothing to repeat.
    GuardDamage damage;
    damage.elements_after = 1;
    CHECK(repeating_failure(compare_exact(expected, unwritten), damage, "at").empty());
    CHECK(repeating_failure(compare_exact(expected, expected), {}, "at").empty());
}
