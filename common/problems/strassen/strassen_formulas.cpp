#include "problems/strassen/strassen_formulas.hpp"

namespace course {

const std::array<StrassenProductFormula, kStrassenProducts>& strassen_products() {
    //                                               a11 a12 a21 a22      b11 b12 b21 b22
    static const std::array<StrassenProductFormula, kStrassenProducts> products{{
        {"p1", "a (f − h)", "a11", "b12 − b22", {1, 0, 0, 0}, {0, 1, 0, -1}},
        {"p2", "(a + b) h", "a11 + a12", "b22", {1, 1, 0, 0}, {0, 0, 0, 1}},
        {"p3", "(c + d) e", "a21 + a22", "b11", {0, 0, 1, 1}, {1, 0, 0, 0}},
        {"p4", "d (g − e)", "a22", "b21 − b11", {0, 0, 0, 1}, {-1, 0, 1, 0}},
        {"p5", "(a + d)(e + h)", "a11 + a22", "b11 + b22", {1, 0, 0, 1}, {1, 0, 0, 1}},
        {"p6", "(b − d)(g + h)", "a12 − a22", "b21 + b22", {0, 1, 0, -1}, {0, 0, 1, 1}},
        {"p7", "(a − c)(e + f)", "a11 − a21", "b11 + b12", {1, 0, -1, 0}, {1, 1, 0, 0}},
    }};
    return products;
}

const std::array<StrassenQuadrantFormula, 4>& strassen_quadrants() {
    //                                                  p1  p2  p3  p4  p5  p6  p7
    static const std::array<StrassenQuadrantFormula, 4> quadrants{{
        {"C11", "p5 + p4 − p2 + p6", 0, 0, {0, -1, 0, 1, 1, 1, 0}},
        {"C12", "p1 + p2", 0, 1, {1, 1, 0, 0, 0, 0, 0}},
        {"C21", "p3 + p4", 1, 0, {0, 0, 1, 1, 0, 0, 0}},
        {"C22", "p1 + p5 − p3 − p7", 1, 1, {1, 0, -1, 0, 1, 0, -1}},
    }};
    return quadrants;
}

std::string quadrant_equation(const StrassenQuadrantFormula& quadrant) {
    return std::string(quadrant.name) + " = " + quadrant.formula;
}

std::string product_equation(const StrassenProductFormula& product) {
    return std::string(product.name) + " = " + product.formula;
}

}  // namespace course
