// Strassen's seven products and the four quadrants of C, as data: the host
// uses them to compute what strassen_split and strassen_merge must produce,
// and to name the formula a wrong result points at.
//
//     A = | a  b |   B = | e  f |   (a = a11, b = a12, c = a21, d = a22,
//         | c  d |       | g  h |    e = b11, f = b12, g = b21, h = b22)
#pragma once

#include <array>
#include <string>

namespace course {

constexpr int kStrassenProducts = 7;

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
    const char* formula;                               // "p5 + p4 − p2 + p6"
    int row_half;                                      // 0: top half of C, 1: bottom half
    int col_half;                                      // 0: left half, 1: right half
    std::array<int, kStrassenProducts> product_signs;  // coefficients of p1 .. p7
};

const std::array<StrassenProductFormula, kStrassenProducts>& strassen_products();
const std::array<StrassenQuadrantFormula, 4>& strassen_quadrants();

// "C21 = p3 + p4"
std::string quadrant_equation(const StrassenQuadrantFormula& quadrant);
// "p3 = (c + d) e"
std::string product_equation(const StrassenProductFormula& product);

}  // namespace course
