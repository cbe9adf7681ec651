// The character map of an output: right, wrong, never written, out of bounds.
#include "harness/fill_patterns.hpp"
#include "problems/comparison.hpp"
#include "problems/result_map.hpp"
#include "problems/verdict_text.hpp"
#include "util/text_wrap.hpp"

#include <doctest/doctest.h>

#include <sstream>

using namespace course;

namespace {

Matrix counting(std::size_t rows, std::size_t cols) {
    Matrix m(rows, cols);
    for (std::size_t i = 0; i < m.size(); ++i) m.values[i] = static_cast<float>(i);
    return m;
}

std::size_t widest_line(const std::string& text) {
    std::istringstream in(text);
    std::size_t widest = 0;
    for (std::string line; std::getline(in, line);) widest = std::max(widest, columns(line));
    return widest;
}

}  // namespace

TEST_CASE("result map: a 40x40 result with every column from 16 on wrong") {
    const Matrix want = counting(40, 40);
    Matrix got = want;
    for (std::size_t r = 0; r < 40; ++r)
        for (std::size_t c = 16; c < 40; ++c) got.at(r, c) += 1.0f;
    const Comparison cmp = compare_exact(want, got);
    CHECK(cmp.first->col == 16);
    CHECK(cmp.map.drawn("at") ==
          "map of at (40×40; each character is 4 rows × 2 columns):\n"
          "  column  0       16      32\n"
          "   row 0  ........XXXXXXXXXXXX\n"
          "   row 4  ........XXXXXXXXXXXX\n"
          "   row 8  ........XXXXXXXXXXXX\n"
          "  row 12  ........XXXXXXXXXXXX\n"
          "  row 16  ........XXXXXXXXXXXX\n"
          "  row 20  ........XXXXXXXXXXXX\n"
          "  row 24  ........XXXXXXXXXXXX\n"
          "  row 28  ........XXXXXXXXXXXX\n"
          "  row 32  ........XXXXXXXXXXXX\n"
          "  row 36  ........XXXXXXXXXXXX\n"
          "  . right   X wrong");
}

TEST_CASE("result map: the last partial tile never written, a small matrix one element per character") {
    const Matrix want = counting(10, 12);
    Matrix got = want;
    for (std::size_t r = 8; r < 10; ++r)
        for (std::size_t c = 8; c < 12; ++c) got.at(r, c) = float_from_bits(kUnwrittenBits);
    const Comparison cmp = compare_exact(want, got);
    const std::string map = cmp.map.drawn("c");
    CHECK(map.find("each character is one element") != std::string::npos);
    CHECK(map.find("   row 7  ............\n   row 8  ........----\n   row 9  ........----\n") != std::string::npos);
    CHECK(map.find("- never written") != std::string::npos);
    CHECK(map.find("X wrong") == std::string::npos);  // the legend names only what the map shows
}

TEST_CASE("result map: each state as its character, a mixed cell as its most frequent wrong state") {
    ResultMap map(2, 4);
    map.add(0, 0, ElementState::right);
    map.add(0, 1, ElementState::never_written);
    map.add(1, 2, ElementState::read_outside);
    map.add(1, 3, ElementState::right);
    // one element per cell: each state as it is; an unchecked cell is blank
    CHECK(map.drawn("c").find("   row 0  .-\n   row 1    !.\n") != std::string::npos);
    ResultMap mixed(64, 64);  // 4 × 2 elements per cell
    mixed.add(0, 0, ElementState::right);
    mixed.add(1, 0, ElementState::wrong_value);
    mixed.add(2, 0, ElementState::never_written);
    mixed.add(3, 0, ElementState::never_written);
    CHECK(mixed.drawn("c").find("row 0  -") != std::string::npos);  // the most frequent wrong state
}

TEST_CASE("result map: writes past the end are drawn as rows of # below the matrix") {
    ResultMap map(8, 8);
    for (std::size_t r = 0; r < 8; ++r)
        for (std::size_t c = 0; c < 8; ++c) map.add(r, c, ElementState::right);
    GuardDamage damage;
    damage.elements_after = 4;
    damage.first_index = 64 + 2;  // row 8, columns 2..5
    damage.last_index = 64 + 5;
    const std::string drawn = map.drawn("at", damage);
    CHECK(drawn.find("   row 7  ........\n   row 8    ####\n") != std::string::npos);
    CHECK(drawn.find("# written out of bounds") != std::string::npos);
    GuardDamage before;
    before.elements_before = 1;
    before.first_index = before.last_index = -1;  // the element just before the start
    CHECK(map.drawn("at", before).find("  row -1         #\n   row 0  ........\n") != std::string::npos);
}

TEST_CASE("result map: large outputs fit an 80-column terminal, sampled rows leave blanks") {
    ResultMap map(3000, 5000);
    for (std::size_t c = 0; c < 5000; ++c) map.add(100, c, ElementState::wrong_value);
    const std::string drawn = map.drawn("c");
    CHECK(widest_line(drawn) <= 80);
    CHECK(drawn.find("(blank) not checked") != std::string::npos);
    CHECK(map.cols_per_cell() == 256);  // a power of two: 5000 columns in 20 cells
    CHECK(map.rows_per_cell() == 256);
}

TEST_CASE("the verdict keeps the first wrong element first and draws the map after it") {
    const Matrix want = counting(20, 20);
    Matrix got = want;
    got.at(19, 19) = float_from_bits(kUnwrittenBits);
    const std::string text = verdict_text(compare_exact(want, got), {}, {"at", 20, 20});
    CHECK(text.rfind("at[19][19] (row 19, column 19 of 20×20) was never written", 0) == 0);
    CHECK(text.find("\nmap of at (20×20") != std::string::npos);
    CHECK(verdict_text(compare_exact(want, want), {}, {"at", 20, 20}).empty());
    // Every element wrong the same way: the count says it all, no map.
    Matrix shifted = want;
    for (float& v : shifted.values) v += 0.5f;
    const std::string all_wrong = verdict_text(compare_exact(want, shifted), {}, {"at", 20, 20});
    CHECK(all_wrong.find("400 of 400 checked elements are wrong") != std::string::npos);
    CHECK(all_wrong.find("map of") == std::string::npos);
}
