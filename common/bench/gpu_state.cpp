#include "bench/gpu_state.hpp"

#include <fmt/format.h>

#include <cstdio>
#include <cstdlib>
#include <map>
#include <sstream>
#include <vector>

namespace course {

namespace {

std::vector<std::string> csv_cells(const std::string& line) {
    std::vector<std::string> cells;
    std::istringstream in(line);
    for (std::string cell; std::getline(in, cell, ',');) {
        const auto first = cell.find_first_not_of(" \t\r\n");
        const auto last = cell.find_last_not_of(" \t\r\n");
        cells.push_back(first == std::string::npos ? "" : cell.substr(first, last - first + 1));
    }
    return cells;
}

double number(const std::string& cell) {
    char* end = nullptr;
    const double value = std::strtod(cell.c_str(), &end);
    return end == cell.c_str() ? 0.0 : value;  // "[N/A]" reads as 0
}

std::string command_output(const std::string& command) {
    FILE* pipe = popen(command.c_str(), "r");
    if (pipe == nullptr) return {};
    std::string output;
    char buffer[1024];
    while (std::fgets(buffer, sizeof buffer, pipe) != nullptr) output += buffer;
    return pclose(pipe) == 0 ? output : std::string();
}

}  // namespace

const char* gpu_state_fields() {
    return "name,clocks.sm,clocks.mem,clocks.max.sm,temperature.gpu,power.draw,clocks_throttle_reasons.active,"
           "compute_cap";
}

std::optional<GpuState> gpu_state_from_csv(const std::string& line) {
    const auto cells = csv_cells(line);
    if (cells.size() < 8 || cells[0].empty()) return std::nullopt;
    GpuState state{cells[0],        number(cells[1]), number(cells[2]), number(cells[3]),
                   number(cells[4]), number(cells[5]), cells[6],         cells[7]};
    if (state.sm_mhz <= 0.0) return std::nullopt;
    return state;
}

std::optional<GpuState> read_gpu_state() {
    const std::string output = command_output(
        fmt::format("nvidia-smi --query-gpu={} --format=csv,noheader,nounits -i 0 2>/dev/null", gpu_state_fields()));
    return gpu_state_from_csv(output.substr(0, output.find('\n')));
}

std::string throttle_text(const std::string& mask) {
    const unsigned long long bits = std::strtoull(mask.c_str(), nullptr, 16);
    if (bits == 0) return "none";
    static const std::map<unsigned long long, const char*> kNames{
        {0x1, "idle"},          {0x2, "application clocks"}, {0x4, "power cap"},
        {0x8, "hardware slowdown"}, {0x20, "software thermal"}, {0x40, "hardware thermal"},
        {0x80, "power brake"},  {0x100, "display clocks"}};
    std::string text;
    for (const auto& [bit, name] : kNames) {
        if (bits & bit) text += (text.empty() ? "" : ", ") + std::string(name);
    }
    return text.empty() ? mask : text;
}

std::string gpu_state_text(const GpuState& s) {
    return fmt::format("SM {:.0f} MHz (max {:.0f}), memory {:.0f} MHz, {:.0f} °C, {:.0f} W, throttle: {}", s.sm_mhz,
                       s.max_sm_mhz, s.memory_mhz, s.temperature_c, s.power_w, throttle_text(s.throttle));
}

namespace {

// FP32 lanes per multiprocessor by compute capability (NVIDIA's CUDA C++ Programming Guide,
// "Arithmetic Instructions"): 128 from Ampere's GA10x and on Hopper, 64 on GA100 and Volta/Turing.
std::optional<unsigned> fp32_lanes(const std::string& capability) {
    static const std::map<std::string, unsigned> kLanes{{"7.0", 64},  {"7.5", 64},  {"8.0", 64}, {"8.6", 128},
                                                         {"8.7", 128}, {"8.9", 128}, {"9.0", 128}};
    const auto it = kLanes.find(capability);
    if (it == kLanes.end()) return std::nullopt;
    return it->second;
}

}  // namespace

std::optional<double> datasheet_fp32_gflops(const GpuState& state, unsigned multiprocessors) {
    const auto lanes = fp32_lanes(state.compute_capability);
    if (!lanes || state.max_sm_mhz <= 0.0 || multiprocessors == 0) return std::nullopt;
    return multiprocessors * *lanes * 2.0 * state.max_sm_mhz * 1e-3;
}

std::string datasheet_formula(const GpuState& state, unsigned multiprocessors) {
    const auto lanes = fp32_lanes(state.compute_capability);
    if (!lanes) return {};
    return fmt::format("{} SMs × {} FMA × 2 × {:.0f} MHz", multiprocessors, *lanes, state.max_sm_mhz);
}

std::string gpu_state_warning(const GpuState& before, const GpuState& after) {
    std::string why;
    const bool idle_after = (std::strtoull(after.throttle.c_str(), nullptr, 16) & 0x1) != 0;
    if (!idle_after && after.sm_mhz < 0.95 * before.sm_mhz) {
        why = fmt::format("the SM clock fell from {:.0f} to {:.0f} MHz during the run", before.sm_mhz, after.sm_mhz);
    }
    const std::string reasons = throttle_text(after.throttle);
    if (reasons != "none" && reasons != "idle") {
        why += (why.empty() ? "" : "; ") + fmt::format("throttled after the run ({})", reasons);
    }
    return why;
}

}  // namespace course
