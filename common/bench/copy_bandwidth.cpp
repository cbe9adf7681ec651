#include "bench/copy_bandwidth.hpp"

#include "terms/defines.hpp"
#include "harness/kernel_launch.hpp"
#include "harness/kernel_source.hpp"
#include "harness/program_build.hpp"
#include "harness/timing.hpp"

#include <algorithm>
#include <stdexcept>

namespace course {

namespace {

constexpr std::size_t kGroupBytes = 4096;  // one work-group of copy.cl: 256 work-items, a float4 each

// The two copies of `bytes` from `source` to `target`: clEnqueueCopyBuffer, and
// kernels/benchmarks/copy.cl when `bytes` is whole work-groups of it (else that launch is empty).
struct CopyLaunches {
    Launch with_copy_buffer;
    Launch with_kernel;
};

CopyLaunches copy_launches(ClSession& session, const std::filesystem::path& root, const cl::Buffer& source,
                           const cl::Buffer& target, std::size_t bytes) {
    CopyLaunches launches;
    launches.with_copy_buffer = [&session, source, target, bytes] {
        cl::Event event;
        session.queue.enqueueCopyBuffer(source, target, 0, 0, bytes, nullptr, &event);
        return LaunchEvents{event, event};
    };
    if (bytes == 0 || bytes % kGroupBytes != 0) return launches;
    const auto kernel_source = read_kernel_source(root / "kernels/benchmarks/copy.cl", "kernels/benchmarks/copy.cl");
    const BuiltProgram built = build_program(session.context, session.device.device, kernel_source, {});
    cl::Kernel copy(built.program, "copy_float4");
    copy.setArg(0, source);
    copy.setArg(1, target);
    launches.with_kernel = [&session, copy, bytes] {
        const cl::Event event = enqueue_kernel(session.queue, copy, cl::NDRange(bytes / 16), cl::NDRange(256),
                                               "kernels/benchmarks/copy.cl");
        return LaunchEvents{event, event};
    };
    return launches;
}

}  // namespace

double CopyBandwidth::best_gbs() const {
    return std::max(copy_buffer_gbs(), copy_kernel_gbs());
}

CopyBandwidth measure_copy_bandwidth(ClSession& session, const std::filesystem::path& root, std::size_t payload_bytes) {
    const std::size_t bytes = std::max(kGroupBytes, payload_bytes / kGroupBytes * kGroupBytes);
    cl::Buffer source(session.context, CL_MEM_READ_WRITE, bytes);
    cl::Buffer target(session.context, CL_MEM_READ_WRITE, bytes);
    session.queue.enqueueFillBuffer(source, 1.0f, 0, bytes);
    const CopyLaunches copies = copy_launches(session, root, source, target, bytes);
    const auto timings = time_interleaved(session.queue, {copies.with_copy_buffer, copies.with_kernel});
    return {2.0 * static_cast<double>(bytes), timings[0].median_seconds, timings[1].median_seconds};
}

CopiesBeside copies_beside(ClSession& session, const std::filesystem::path& root, const TimedLaunch& kernel) {
    if (!kernel.same_bytes) throw std::logic_error("copies_beside: the launch names no buffers to copy between");
    const CopiedBytes& same = *kernel.same_bytes;
    const CopyLaunches copies = copy_launches(session, root, same.source, same.target, same.bytes);
    CopiesBeside beside;
    beside.bytes = 2.0 * static_cast<double>(same.bytes);
    for (const Launch& copy : {copies.with_copy_buffer, copies.with_kernel}) {
        if (!copy) continue;
        TimedLaunch timed(copy);
        timed.prepare = kernel.prepare;  // the same fresh output and restored input as the kernel gets
        beside.launches.push_back(timed);
    }
    return beside;
}

CopyBandwidth CopiesBeside::bandwidth(const std::vector<Timing>& timings) const {
    CopyBandwidth copy;
    copy.bytes = bytes;
    copy.copy_buffer_seconds = timings.at(0).median_seconds;
    if (launches.size() > 1) copy.copy_kernel_seconds = timings.at(1).median_seconds;
    return copy;
}

KernelBesideCopy time_beside_copy(ClSession& session, const std::filesystem::path& root, const TimedLaunch& kernel,
                                  const TimingPlan& plan) {
    const CopiesBeside copies = copies_beside(session, root, kernel);
    std::vector<TimedLaunch> launches = copies.launches;
    launches.push_back(kernel);  // last in every round
    const std::vector<Timing> timings = time_interleaved(session.queue, launches, plan);
    return {timings.back(), copies.bandwidth(timings)};
}

}  // namespace course
