// The device's float FMA rate, measured by kernels/benchmarks/fma_peak.cl:
// the ceiling GFLOP/s figures are compared with.
#pragma once

#include "harness/cl_session.hpp"

#include <filesystem>

namespace course {

struct FmaPeak {
    double flops = 0.0;    // per launch
    double seconds = 0.0;  // median
    double gflops() const { return flops / seconds * 1e-9; }
};

FmaPeak measure_fma_peak(ClSession& session, const std::filesystem::path& root);

}  // namespace course
