#include "problems/strassen/strassen_formulas.hpp"

namespace course {

namespace {

StrassenScheme make_strassen() {
    StrassenScheme s{StrassenVariant::strassen, "Strassen", "strassen_split", "strassen_merge", {}, {}, {}, {}, {}};
    //              a11 a12 a21 a22      b11 b12 b21 b22
    s.products = {{
        {"p1", "a (f − h)", "a11", "b12 − b22", {1, 0, 0, 0}, {0, 1, 0, -1}},
        {"p2", "(a + b) h", "a11 + a12", "b22", {1, 1, 0, 0}, {0, 0, 0, 1}},
        {"p3", "(c + d) e", "a21 + a22", "b11", {0, 0, 1, 1}, {1, 0, 0, 0}},
        {"p4", "d (g − e)", "a22", "b21 − b11", {0, 0, 0, 1}, {-1, 0, 1, 0}},
        {"p5", "(a + d)(e + h)", "a11 + a22", "b11 + b22", {1, 0, 0, 1}, {1, 0, 0, 1}},
        {"p6", "(b − d)(g + h)", "a12 − a22", "b21 + b22", {0, 1, 0, -1}, {0, 0, 1, 1}},
        {"p7", "(a − c)(e + f)", "a11 − a21", "b11 + b12", {1, 0, -1, 0}, {1, 1, 0, 0}},
    }};
    //                                 p1  p2  p3  p4  p5  p6  p7
    s.quadrants = {{
        {"C11", "p5 + p4 − p2 + p6", 0, 0, {0, -1, 0, 1, 1, 1, 0}},
        {"C12", "p1 + p2", 0, 1, {1, 1, 0, 0, 0, 0, 0}},
        {"C21", "p3 + p4", 1, 0, {0, 0, 1, 1, 0, 0, 0}},
        {"C22", "p1 + p5 − p3 − p7", 1, 1, {1, 0, -1, 0, 1, 0, -1}},
    }};
    return s;
}

// Winograd's form: 8 additions in the split (4 on each side, each reusing the one
// before), 7 in the merge, 15 in all.
//   s1 = a21 + a22   s2 = s1 − a11   s3 = a11 − a21   s4 = a12 − s2
//   t1 = b12 − b11   t2 = b22 − t1   t3 = b22 − b12   t4 = t2 − b21
//   p1 = a11 b11  p2 = a12 b21  p3 = s4 b22  p4 = a22 t4  p5 = s1 t1  p6 = s2 t2  p7 = s3 t3
//   u1 = p1 + p2 = C11   u2 = p1 + p6   u3 = u2 + p7   u4 = u2 + p5
//   u5 = u4 + p3 = C12   u6 = u3 − p4 = C21   u7 = u3 + p5 = C22
StrassenScheme make_winograd() {
    StrassenScheme s{StrassenVariant::winograd, "Winograd", "winograd_split", "winograd_merge", {}, {}, {}, {}, {}};
    s.products = {{
        {"p1", "a e", "a11", "b11", {1, 0, 0, 0}, {1, 0, 0, 0}},
        {"p2", "b g", "a12", "b21", {0, 1, 0, 0}, {0, 0, 1, 0}},
        {"p3", "s4 h", "s4 = a11 + a12 − a21 − a22", "b22", {1, 1, -1, -1}, {0, 0, 0, 1}},
        {"p4", "d t4", "a22", "t4 = b11 − b12 − b21 + b22", {0, 0, 0, 1}, {1, -1, -1, 1}},
        {"p5", "s1 t1", "s1 = a21 + a22", "t1 = b12 − b11", {0, 0, 1, 1}, {-1, 1, 0, 0}},
        {"p6", "s2 t2", "s2 = a21 + a22 − a11", "t2 = b11 − b12 + b22", {-1, 0, 1, 1}, {1, -1, 0, 1}},
        {"p7", "s3 t3", "s3 = a11 − a21", "t3 = b22 − b12", {1, 0, -1, 0}, {0, -1, 0, 1}},
    }};
    s.quadrants = {{
        {"C11", "u1 = p1 + p2", 0, 0, {1, 1, 0, 0, 0, 0, 0}},
        {"C12", "u5 = u4 + p3 (u4 = u2 + p5, u2 = p1 + p6)", 0, 1, {1, 0, 1, 0, 1, 1, 0}},
        {"C21", "u6 = u3 − p4 (u3 = u2 + p7, u2 = p1 + p6)", 1, 0, {1, 0, 0, -1, 0, 1, 1}},
        {"C22", "u7 = u3 + p5 (u3 = u2 + p7, u2 = p1 + p6)", 1, 1, {1, 0, 0, 0, 1, 1, 1}},
    }};
    //                                          p1 p2 p3 p4 p5 p6 p7
    s.left_sums = {
        {"s1", "s1 = a21 + a22", {0, 0, 1, 0, 1, 1, 0}, {}},
        {"s2", "s2 = s1 − a11", {0, 0, 1, 0, 0, 1, 0}, {}},
        {"s3", "s3 = a11 − a21", {0, 0, 0, 0, 0, 0, 1}, {}},
        {"s4", "s4 = a12 − s2", {0, 0, 1, 0, 0, 0, 0}, {}},
    };
    s.right_sums = {
        {"t1", "t1 = b12 − b11", {0, 0, 0, 1, 1, 1, 0}, {}},
        {"t2", "t2 = b22 − t1", {0, 0, 0, 1, 0, 1, 0}, {}},
        {"t3", "t3 = b22 − b12", {0, 0, 0, 0, 0, 0, 1}, {}},
        {"t4", "t4 = t2 − b21", {0, 0, 0, 1, 0, 0, 0}, {}},
    };
    //                                         C11 C12 C21 C22
    s.merge_sums = {
        {"u1", "u1 = p1 + p2 (C11)", {}, {1, 0, 0, 0}},    {"u2", "u2 = p1 + p6", {}, {0, 1, 1, 1}, -1},
        {"u3", "u3 = u2 + p7", {}, {0, 0, 1, 1}, 6},       {"u4", "u4 = u2 + p5", {}, {0, 1, 0, 0}, 4},
        {"u5", "u5 = u4 + p3 (C12)", {}, {0, 1, 0, 0}, 2}, {"u6", "u6 = u3 − p4 (C21)", {}, {0, 0, 1, 0}, 3},
        {"u7", "u7 = u3 + p5 (C22)", {}, {0, 0, 0, 1}, 4},
    };
    return s;
}

}  // namespace

const StrassenScheme& strassen_scheme(StrassenVariant variant) {
    static const StrassenScheme strassen = make_strassen();
    static const StrassenScheme winograd = make_winograd();
    return variant == StrassenVariant::winograd ? winograd : strassen;
}

const std::array<StrassenProductFormula, kStrassenProducts>& strassen_products() {
    return strassen_scheme(StrassenVariant::strassen).products;
}

const std::array<StrassenQuadrantFormula, 4>& strassen_quadrants() {
    return strassen_scheme(StrassenVariant::strassen).quadrants;
}

std::string product_equation(const StrassenProductFormula& product) {
    return std::string(product.name) + " = " + product.formula;
}

}  // namespace course
