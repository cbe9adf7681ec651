#include "problems/result_map.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace course {

namespace {

constexpr char kRight = '.', kWrong = 'X', kNeverWritten = '-', kReadOutside = '!', kOutOfBounds = '#',
               kUnchecked = ' ';
constexpr std::size_t kMaxBandLines = 2;  // lines of # drawn on each side of the map

// The smallest power of two p with p · cells ≥ elements.
std::string trimmed(std::string line) {
    line.erase(line.find_last_not_of(' ') + 1);
    return line;
}

std::size_t cell_side(std::size_t elements, std::size_t cells) {
    std::size_t side = 1;
    while (side * cells < elements) side *= 2;
    return side;
}

// Floor division for element indices before the buffer's start (negative).
std::ptrdiff_t floor_div(std::ptrdiff_t a, std::ptrdiff_t b) {
    return a >= 0 ? a / b : -((-a + b - 1) / b);
}

// One span of damaged indices [lo, hi] relative to the buffer start.
struct Span {
    std::ptrdiff_t lo = 0, hi = -1;
    bool empty() const { return hi < lo; }
};

// The column ruler: a column number above every 8th character.
std::string ruler(std::size_t grid_cols, std::size_t cell_cols) {
    std::string line(grid_cols, ' ');
    for (std::size_t p = 0; p < grid_cols; p += 8) {
        const std::string label = std::to_string(p * cell_cols);
        if (line.size() < p + label.size()) line.resize(p + label.size(), ' ');
        line.replace(p, label.size(), label);
    }
    return line;
}

}  // namespace

ResultMap::ResultMap(std::size_t rows, std::size_t cols)
    : rows_(rows),
      cols_(cols),
      cell_rows_(cell_side(rows, kMaxCellRows)),
      cell_cols_(cell_side(cols, kMaxCellColumns)),
      grid_rows_((rows + cell_rows_ - 1) / cell_rows_),
      grid_cols_((cols + cell_cols_ - 1) / cell_cols_),
      cells_(grid_rows_ * grid_cols_) {}

void ResultMap::add(std::size_t row, std::size_t col, ElementState state) {
    if (row >= rows_ || col >= cols_) return;
    ++cells_[(row / cell_rows_) * grid_cols_ + col / cell_cols_].count[static_cast<int>(state)];
}

char ResultMap::cell_char(const Cell& cell) const {
    const auto& n = cell.count;
    const auto wrong = static_cast<int>(ElementState::wrong_value);
    const auto never = static_cast<int>(ElementState::never_written);
    const auto outside = static_cast<int>(ElementState::read_outside);
    if (n[wrong] + n[never] + n[outside] == 0) return n[0] > 0 ? kRight : kUnchecked;
    if (n[wrong] >= n[never] && n[wrong] >= n[outside]) return kWrong;
    return n[never] >= n[outside] ? kNeverWritten : kReadOutside;
}

namespace {

// A line of the map: the first row it covers, and one character per cell.
struct MapLine {
    std::ptrdiff_t row = 0;
    std::string text;
};

// Geometry shared by the lines: elements per cell, cells per line, columns of the buffer.
struct Grid {
    std::ptrdiff_t cell_rows = 1, cell_cols = 1;
    std::size_t cells = 0;
    std::ptrdiff_t buffer_cols = 1;
};

// Lines of # for a span of damaged indices: `cell_rows` rows each, starting at the first damaged
// row below the map (or ending at the last one above it), not aligned with the map's cells so
// that no line repeats a row of the map. At most kMaxBandLines of them.
std::vector<MapLine> band_lines(const Span& span, bool above, const Grid& g) {
    std::vector<MapLine> lines;
    if (span.empty()) return lines;
    const std::ptrdiff_t first_row = floor_div(span.lo, g.buffer_cols), last_row = floor_div(span.hi, g.buffer_cols);
    const std::ptrdiff_t count = (last_row - first_row) / g.cell_rows + 1;
    const std::ptrdiff_t shown = std::min<std::ptrdiff_t>(count, kMaxBandLines);
    for (std::ptrdiff_t i = 0; i < shown; ++i) {
        const std::ptrdiff_t r0 =
            above ? last_row - g.cell_rows + 1 - (shown - 1 - i) * g.cell_rows : first_row + i * g.cell_rows;
        std::string text(g.cells, ' ');
        for (std::size_t c = 0; c < g.cells; ++c) {
            const auto c0 = static_cast<std::ptrdiff_t>(c) * g.cell_cols;
            const auto c1 = std::min(c0 + g.cell_cols, g.buffer_cols) - 1;
            for (std::ptrdiff_t r = r0; r < r0 + g.cell_rows && c0 <= c1; ++r) {
                if (r * g.buffer_cols + c0 <= span.hi && r * g.buffer_cols + c1 >= span.lo) text[c] = kOutOfBounds;
            }
        }
        lines.push_back({r0, text});
    }
    return lines;
}

std::string legend(const std::string& shown, bool out_of_bounds) {
    const auto has = [&](char c) { return shown.find(c) != std::string::npos; };
    std::string text = "  . right";
    if (has(kWrong)) text += "   X wrong";
    if (has(kNeverWritten)) text += "   - never written";
    if (has(kReadOutside)) text += "   ! read outside an input";
    if (out_of_bounds) text += "   # written out of bounds";
    if (has(kUnchecked)) text += "   (blank) not checked";
    return text;
}

}  // namespace

std::string ResultMap::drawn(const std::string& name, const GuardDamage& damage, std::size_t buffer_cols) const {
    if (empty()) return {};
    const Grid grid{static_cast<std::ptrdiff_t>(cell_rows_), static_cast<std::ptrdiff_t>(cell_cols_), grid_cols_,
                    static_cast<std::ptrdiff_t>(buffer_cols > 0 ? buffer_cols : cols_)};
    // GuardDamage keeps the first and last damaged index and the counts on each side; with damage on
    // both sides, each side's other end is estimated as if its writes were contiguous.
    const auto n_before = static_cast<std::ptrdiff_t>(damage.elements_before);
    const auto n_after = static_cast<std::ptrdiff_t>(damage.elements_after);
    Span before, after;
    if (n_before > 0) before = {damage.first_index, n_after > 0 ? damage.first_index + n_before - 1 : damage.last_index};
    if (n_after > 0) after = {n_before > 0 ? damage.last_index - n_after + 1 : damage.first_index, damage.last_index};

    std::vector<MapLine> lines = band_lines(before, true, grid);
    std::string shown;  // every character of the map proper, for the legend
    for (std::size_t r = 0; r < grid_rows_; ++r) {
        std::string text;
        for (std::size_t c = 0; c < grid_cols_; ++c) text += cell_char(cells_[r * grid_cols_ + c]);
        shown += text;
        lines.push_back({static_cast<std::ptrdiff_t>(r) * grid.cell_rows, text});
    }
    for (auto& line : band_lines(after, false, grid)) lines.push_back(std::move(line));
    const bool out_of_bounds = lines.size() > grid_rows_;
    const bool one_state = shown.find_first_not_of(shown.front()) == std::string::npos;
    if (!out_of_bounds && one_state) return {};  // all right, or all wrong the same way: no pattern to show

    std::size_t label_width = 6;  // "column"
    for (const auto& line : lines) label_width = std::max(label_width, 4 + std::to_string(line.row).size());
    const std::string cell = cell_rows_ * cell_cols_ == 1
                                 ? std::string("one element")
                                 : fmt::format("{} row{} × {} column{}", cell_rows_, cell_rows_ == 1 ? "" : "s",
                                               cell_cols_, cell_cols_ == 1 ? "" : "s");
    std::string out = fmt::format("map of {} ({}×{}; each character is {}):\n", name, rows_, cols_, cell);
    out += trimmed(fmt::format("  {:>{}}  {}", "column", label_width, ruler(grid_cols_, cell_cols_))) + "\n";
    for (const auto& line : lines) {
        out += trimmed(fmt::format("  {:>{}}  {}", fmt::format("row {}", line.row), label_width, line.text)) + "\n";
    }
    return out + legend(shown, out_of_bounds);
}

}  // namespace course
