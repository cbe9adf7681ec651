// The device's float FMA rate, measured by kernels/benchmarks/fma_peak.cl:
// the ceiling GFLOP/s figures are compared with.
#pragma once

#include "harness/cl_session.hpp"

#include <filesystem>
#include <string>

namespace course {

// The shape of fma_peak.cl's work, given to it as defines: CHAINS independent chains per
// work-item, STEPS_PER_ROUND steps of each unrolled per loop iteration (the steps of a launch are a
// multiple of it). The flops a launch does are counted from the same numbers.
inline constexpr unsigned kFmaChains = 16;
inline constexpr unsigned kFmaStepsPerRound = 8;

struct FmaPeak {
    double flops = 0.0;    // per launch
    double seconds = 0.0;  // median
    double gflops() const { return flops / seconds * 1e-9; }
};

FmaPeak measure_fma_peak(ClSession& session, const std::filesystem::path& root);

// The limit a GFLOP/s figure is shared against. On a GPU the FMA kernel. On a CPU device PoCL's
// FMA kernel is no limit (58 GFLOP/s where OpenBLAS on the same cores reached 184), so the limit is
// the faster of it and OpenBLAS's SGEMM at kCpuLimitBlasSize³ on the host, which on a CPU device
// is the same cores, measured in the same run.
struct ComputeLimit {
    double gflops = 0.0;
    std::string name;          // "FMA peak", or "CPU limit (best of FMA kernel and OpenBLAS)"
    FmaPeak fma;
    double blas_gflops = 0.0;  // 0 on a GPU
    double blas_seconds = 0.0;
};
inline constexpr std::size_t kCpuLimitBlasSize = 1024;

ComputeLimit measure_compute_limit(ClSession& session, const std::filesystem::path& root);

}  // namespace course
