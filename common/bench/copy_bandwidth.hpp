// The device's copy bandwidth, the ceiling a transpose is measured against:
// a transpose reads and writes each element once, exactly like a copy.
#pragma once

#include "harness/cl_session.hpp"

#include <filesystem>

namespace course {

struct CopyBandwidth {
    double bytes = 0.0;                // bytes read + written per copy
    double copy_buffer_seconds = 0.0;  // clEnqueueCopyBuffer, median
    double copy_kernel_seconds = 0.0;  // kernels/benchmarks/copy.cl, median

    double copy_buffer_gbs() const { return bytes / copy_buffer_seconds * 1e-9; }
    double copy_kernel_gbs() const { return bytes / copy_kernel_seconds * 1e-9; }
    double best_gbs() const;
};

// Copies `payload_bytes` (rounded down to a multiple of 4 KiB) both ways and times them.
CopyBandwidth measure_copy_bandwidth(ClSession& session, const std::filesystem::path& root, std::size_t payload_bytes);

}  // namespace course
