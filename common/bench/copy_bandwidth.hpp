// The device's copy bandwidth, the ceiling a transpose is measured against:
// a transpose reads and writes each element once, exactly like a copy.
#pragma once

#include "harness/cl_session.hpp"
#include "harness/timing.hpp"

#include <filesystem>
#include <vector>

namespace course {

struct CopyBandwidth {
    double bytes = 0.0;                // bytes read + written per copy
    double copy_buffer_seconds = 0.0;  // clEnqueueCopyBuffer, median
    double copy_kernel_seconds = 0.0;  // kernels/benchmarks/copy.cl, median (0: not timed)

    double copy_buffer_gbs() const { return bytes / copy_buffer_seconds * 1e-9; }
    double copy_kernel_gbs() const { return copy_kernel_seconds > 0 ? bytes / copy_kernel_seconds * 1e-9 : 0.0; }
    double best_gbs() const;
};

// Copies `payload_bytes` (rounded down to a multiple of 4 KiB) both ways between two fresh
// buffers and times them: the device's limit, as `lab bench` prints it first.
CopyBandwidth measure_copy_bandwidth(ClSession& session, const std::filesystem::path& root, std::size_t payload_bytes);

// Copies of exactly the bytes a bandwidth-bound launch moves (`kernel.same_bytes`), between its
// own buffers, each after the kernel's own preparation: the launches to time interleaved with it,
// before it in every round (the kernel's result is then what its buffers hold at the end).
struct CopiesBeside {
    std::vector<TimedLaunch> launches;  // clEnqueueCopyBuffer, and copy.cl when the bytes are whole work-groups of it
    double bytes = 0.0;                 // read + written per copy
    // The bandwidth, from the timings of `launches` (the first entries of an interleaved timing).
    CopyBandwidth bandwidth(const std::vector<Timing>& timings) const;
};

// Builds the copies (copy.cl included: an error building it is thrown); logic_error when the
// launch names no buffers.
CopiesBeside copies_beside(ClSession& session, const std::filesystem::path& root, const TimedLaunch& kernel);

struct KernelBesideCopy {
    Timing kernel;
    CopyBandwidth copy;
};

// What a bandwidth-bound kernel is compared with: its own launch timed interleaved, launch by
// launch, with a copy of the same bytes between the same buffers (`kernel.same_bytes`), each
// copy after the same preparation as the kernel's launches. Clock changes between launches, what
// the cache holds when a launch starts and where the buffers lie in memory are then the same for
// both, which a copy timed on its own, before or after, does not promise: at sizes that take
// microseconds those moved the share of copy by ±15% from run to run on an H100.
KernelBesideCopy time_beside_copy(ClSession& session, const std::filesystem::path& root, const TimedLaunch& kernel,
                                  const TimingPlan& plan);

}  // namespace course
