// The two seven-product schemes of lab 07, Strassen's and Winograd's, as data:
// the host uses them to compute what the split and merge kernels must produce,
// and to name the formula (and, for Winograd, the intermediate sum) that a
// wrong result points at.
//
//     A = | a  b |   B = | e  f |   (a = a11, b = a12, c = a21, d = a22,
//         | c  d |       | g  h |    e = b11, f = b12, g = b21, h = b22)
#pragma once

#include <array>
#include <string>
#include <vector>

namespace course {

constexpr int kStrassenProducts = 7;

// Which scheme a pair of kernels computes.
enum class StrassenVariant { strassen, winograd };

struct StrassenProductFormula {
    const char* name;                // "p1"
    const char* formula;             // "a (f − h)"
    const char* left;                // "a11" : the left operand written with the kernel's names
    const char* right;               // "b12 − b22"
    std::array<int, 4> left_signs;   // coefficients of a11, a12, a21, a22 in the left operand
    std::array<int, 4> right_signs;  // coefficients of b11, b12, b21, b22 in the right operand
};

struct StrassenQuadrantFormula {
    const char* name;                                  // "C11"
    const char* formula;                               // "p5 + p4 − p2 + p6" (never printed: the lab derives it)
    int row_half;                                      // 0: top half of C, 1: bottom half
    int col_half;                                      // 0: left half, 1: right half
    std::array<int, kStrassenProducts> product_signs;  // coefficients of p1 .. p7
};

// A named partial sum that later sums reuse (Winograd's s1..s4 and t1..t4 in the
// split, u1..u7 in the merge). A wrong sign in it reaches exactly `reaches`: the
// operands of these products (split) or these quadrants of C (merge).
struct StrassenIntermediate {
    const char* name;                              // "s2"
    const char* formula;                           // "s2 = s1 − a11"
    std::array<bool, kStrassenProducts> products;  // split: the products whose operand uses it
    std::array<bool, 4> quadrants;                 // merge: the quadrants of C built from it
    int added = -1;  // merge: the product (0-based) its last term adds; -1: a wrong sign in any of its terms
};

struct StrassenScheme {
    StrassenVariant variant;
    const char* title;         // "Strassen", "Winograd"
    const char* split_kernel;  // "strassen_split"
    const char* merge_kernel;  // "strassen_merge"
    std::array<StrassenProductFormula, kStrassenProducts> products;
    std::array<StrassenQuadrantFormula, 4> quadrants;
    std::vector<StrassenIntermediate> left_sums, right_sums, merge_sums;
};

const StrassenScheme& strassen_scheme(StrassenVariant variant);

// Strassen's own products and quadrants (strassen_scheme(StrassenVariant::strassen)).
const std::array<StrassenProductFormula, kStrassenProducts>& strassen_products();
const std::array<StrassenQuadrantFormula, 4>& strassen_quadrants();

// "p3 = (c + d) e"
std::string product_equation(const StrassenProductFormula& product);

}  // namespace course
