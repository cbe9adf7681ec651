// A small character map of an output matrix: which parts are right, wrong,
// never written, or written out of bounds. A list of wrong elements hides the
// pattern a student needs ("every column from 16 on", "the last partial tile",
// "every second step of K"); the map shows it at a glance.
//
// The matrix is cut into at most 32 × 16 cells, each a block of elements (the
// block's sides are powers of two, so tile edges fall on cell edges); each cell
// is one character:
//
//     .  every checked element of the block is right
//     X  wrong values (numbers outside the tolerance, NaN, infinity)
//     -  never written (still the NaN the output was filled with)
//     !  values read from outside an input (its guard zone's NaN)
//     #  (below or above the map) writes out of bounds, into the output's guard zones
//        (blank) no element of the block was checked (large sizes check sample rows)
//
// A block with both right and wrong elements shows the most frequent wrong state.
#pragma once

#include "harness/guarded_buffer.hpp"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace course {

// What one checked element was found to be.
enum class ElementState : std::uint8_t { right, wrong_value, never_written, read_outside };

class ResultMap {
public:
    static constexpr std::size_t kMaxCellColumns = 32;
    static constexpr std::size_t kMaxCellRows = 16;

    ResultMap() = default;
    ResultMap(std::size_t rows, std::size_t cols);

    void add(std::size_t row, std::size_t col, ElementState state);

    bool empty() const { return cells_.empty(); }
    std::size_t rows_per_cell() const { return cell_rows_; }
    std::size_t cols_per_cell() const { return cell_cols_; }

    // The map of output `name`, with a header line and a legend line; `damage` (its indices
    // relative to a buffer of `buffer_cols` columns) adds rows of # below or above it.
    // Empty when the map is empty or shows one character only (all wrong the same way: no pattern).
    std::string drawn(const std::string& name, const GuardDamage& damage = {}, std::size_t buffer_cols = 0) const;

private:
    struct Cell {
        std::uint32_t count[4] = {0, 0, 0, 0};  // by ElementState
    };
    char cell_char(const Cell& cell) const;

    std::size_t rows_ = 0, cols_ = 0;
    std::size_t cell_rows_ = 1, cell_cols_ = 1;  // elements per cell
    std::size_t grid_rows_ = 0, grid_cols_ = 0;  // cells
    std::vector<Cell> cells_;
};

}  // namespace course
