// The memory report as text: one row per source line, space and direction that moved memory,
// the line's own text beside it, the launch's totals under it, and the line that says what
// the numbers are (and are not).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "memory_lens/counting/launch_counts.hpp"

namespace memory_lens {

// What the report was run on, for its heading and its per-element figures.
struct ReportSubject {
    std::string kernel_file;       // "labs/02-transpose-local/transpose.cl"
    std::string size;              // "64×64"
    std::string defines;           // "TILE_SIZE=32"
    double output_elements = 0;    // elements of the result the launch wrote
    double multiply_adds = 0;      // 0 unless the kernel is a matrix product
    double least_bytes = 0;        // each input read once, the output written once (0: unknown)
};

// A figure as exactly as it is, without trailing zeros: 9, 0.0625, 0.03125, 0.333333.
std::string exact(double value);

// The table (source lines from `source`, the kernel file's text).
std::string memory_table_text(const std::string& source, const LaunchCounts& launch, std::uint32_t warp,
                              const ReportSubject& subject);

// The launch's totals in words: global bytes per output element (and per multiply-add), local
// bytes, barriers per work-group.
std::string totals_text(const LaunchCounts& launch, const ReportSubject& subject);

// Two configurations of one kernel (`lab run NN --memory --versus ...`): their totals side by side,
// each column headed by its defines.
std::string versus_totals_text(const LaunchCounts& first, const ReportSubject& first_subject,
                               const LaunchCounts& second, const ReportSubject& second_subject);

// One rung of the ladder (`lab ladder`): a lab's totals at its [memory] size.
struct LadderRow {
    std::string lab;            // "04"
    std::string title;          // the lab's title
    std::string size;           // "64×64×64"
    double multiply_adds = 0;   // of the launch
    LaunchTotals totals;
    std::uint64_t l1_load_sectors = 0;  // the L1 model's loads (LaunchCounts::l1_load_sectors)
    std::string problem;        // why there is no figure ("" when there is)
};

// The ladder in one table: global loads, all global traffic and image bytes per multiply-add, lab by lab.
std::string ladder_table_text(const std::vector<LadderRow>& rows, std::uint32_t warp);

// The line under every report.
std::string honesty_line(std::uint32_t warp);

// What every figure of the report is, under its totals.
std::string figures_legend();

// The most work-items per work-group NVIDIA's OpenCL ran the course's kernels with (an H100: lab 02's
// and lab 04's READMEs); a larger group is reported with a warning.
inline constexpr std::uint64_t kGpuWorkGroupLimit = 256;

}  // namespace memory_lens
