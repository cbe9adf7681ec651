// The GPU's state beside a figure: clocks, temperature, power and throttle reasons, read from
// NVML through `nvidia-smi` before and after a run (nothing where there is no nvidia-smi), and
// the datasheet FP32 peak those clocks give, so a share can be compared with published figures.
#pragma once

#include <optional>
#include <string>

namespace course {

struct GpuState {
    std::string name;             // "NVIDIA H100 80GB HBM3"
    double sm_mhz = 0.0;          // current SM clock
    double memory_mhz = 0.0;      // current memory clock
    double max_sm_mhz = 0.0;      // the boost clock the datasheet peak uses
    double temperature_c = 0.0;
    double power_w = 0.0;
    std::string throttle;         // active throttle reasons as nvidia-smi's bit mask, "0x0000000000000000"
    std::string compute_capability;  // "9.0"
};

// The state now, or nothing when nvidia-smi is missing or says nothing readable.
std::optional<GpuState> read_gpu_state();

// Parses one line of `nvidia-smi --query-gpu=<gpu_state_fields()> --format=csv,noheader,nounits`.
std::optional<GpuState> gpu_state_from_csv(const std::string& line);
const char* gpu_state_fields();

// "SM 1980 MHz, memory 2619 MHz, 41 °C, 118 W, throttle none"
std::string gpu_state_text(const GpuState& state);
// Throttle reasons in words ("none", "idle", "power cap", ...), from the mask.
std::string throttle_text(const std::string& mask);

// The datasheet FP32 peak in GFLOP/s: multiprocessors × FP32 lanes each × 2 × boost clock; nothing
// when the compute capability's lanes are not known here.
std::optional<double> datasheet_fp32_gflops(const GpuState& state, unsigned multiprocessors);
// "132 SMs × 128 FMA × 2 × 1980 MHz"
std::string datasheet_formula(const GpuState& state, unsigned multiprocessors);

// Why the run's clock figures need a second look, or empty: the SM clock after the run below
// 95% of the one before while the GPU was not idling, or a throttle reason other than idle after it.
std::string gpu_state_warning(const GpuState& before, const GpuState& after);

}  // namespace course
