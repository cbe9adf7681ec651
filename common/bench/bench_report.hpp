// What `lab bench` measured, in one place: every figure with the device it ran
// on, printed as a table, written as JSON, drawn as a plot.
#pragma once

#include "bench/gpu_state.hpp"
#include "description/rate_unit.hpp"

#include <optional>
#include <string>
#include <vector>

namespace course {

struct BenchFigure {
    std::string lab;                // "06"; empty for the device's own lines (copy, FMA peak, libraries)
    std::string what;               // "solution", "copy kernel", "CLBlast sgemm", ...
    std::string size;               // as printed: "4096×4096×4096"
    double seconds = 0.0;           // median
    std::string spread;             // "±3%": half the interquartile range of the launches (timing_spread.hpp)
    double rate = 0.0;              // in `unit`
    std::optional<RateUnit> unit;   // none for a lab that did not build
    double percent_of_limit = 0.0;  // 0 when there is no limit to compare with
    double percent_of_datasheet = 0.0;  // GFLOP/s on a GPU with a known datasheet FP32 peak; else 0
    std::string limit;              // "copy bandwidth", "FMA peak"
    std::string defines;
    bool correct = true;  // the kernel's result at this size was checked and right
    std::string note;
};

// The figure's unit as tables and the JSON write it: "GB/s", "GFLOP/s", or "" when it has none.
std::string unit_text(const BenchFigure& figure);

struct BenchReport {
    std::string device;        // "platform / device"
    std::string device_class;  // "GPU" or "CPU"
    std::string driver;
    std::string date;  // ISO 8601, UTC
    std::string host;
    std::string kernels;  // "solutions", "labs", or a submission path
    double copy_gbs = 0.0;
    double fma_gflops = 0.0;
    // The limit GFLOP/s figures are shared against: the FMA kernel, or on a CPU the best of it and
    // OpenBLAS in the same run (cpu_limit.hpp); its name says which.
    double compute_limit_gflops = 0.0;
    std::string compute_limit_name = "FMA peak";
    // GPU only: an empty kernel's event time, what an OpenCL event holds besides the kernel
    // (launch_floor.hpp); 0 when not measured (a CPU device, a run saved before it existed).
    double launch_floor_seconds = 0.0;
    // GPU only: the datasheet FP32 peak and how it was computed (gpu_state.hpp); 0 when unknown.
    double datasheet_gflops = 0.0;
    std::string datasheet_formula;
    // The GPU's state at points of the run ("before", "after the limits", "after"); none without nvidia-smi.
    std::vector<std::pair<std::string, GpuState>> gpu_states;
    // How each side was timed, in words: {"OpenCL kernels", ...}, {"cuBLAS", ...}.
    std::vector<std::pair<std::string, std::string>> methods;
    // Notes printed under the table (a share that is not meaningful, a clock that fell).
    std::vector<std::string> notes;
    std::vector<BenchFigure> figures;
};

// On a CPU device: the limit GFLOP/s figures are shared against is the best of the FMA kernel and
// every OpenBLAS figure of the same run (the same cores; fma_peak.hpp, ComputeLimit). Where one beat
// the limit the report holds, every GFLOP/s share is taken again, with its note on whether it is
// meaningful (share_meaning.hpp). Also for a run saved before this limit existed. Nothing on a GPU.
void share_against_cpu_limit(BenchReport& report);
inline constexpr const char* kCpuLimitName = "CPU limit (best of FMA kernel and OpenBLAS)";

// The lines printed under a table: the methods, the GPU's state, the notes.
std::string bench_footer(const BenchReport& report);

void print_bench_table(const BenchReport& report);
std::string bench_json(const BenchReport& report);
// Reads what bench_json wrote. Throws UserError naming the file when it is not such a file.
BenchReport bench_report_from_json(const std::string& path);
// The same table in Markdown, with a heading line naming device, driver and date.
std::string bench_markdown(const BenchReport& report);

// Draws rate against size per lab into an SVG file (bench_svg.hpp). Returns an
// empty string, or why no plot was drawn (no GFLOP/s figure in the report).
std::string draw_bench_plot(const BenchReport& report, const std::string& svg_path);

// "2026-11-22T20:13:09Z"
std::string utc_timestamp();

}  // namespace course
