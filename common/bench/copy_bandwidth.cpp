#include "bench/copy_bandwidth.hpp"

#include "harness/defines.hpp"
#include "harness/kernel_launch.hpp"
#include "harness/kernel_source.hpp"
#include "harness/program_build.hpp"
#include "harness/timing.hpp"

#include <algorithm>

namespace course {

double CopyBandwidth::best_gbs() const {
    return std::max(copy_buffer_gbs(), copy_kernel_gbs());
}

CopyBandwidth measure_copy_bandwidth(ClSession& session, const std::filesystem::path& root, std::size_t payload_bytes) {
    constexpr std::size_t kChunk = 4096;  // bytes: whole float4 work-groups of 256
    const std::size_t bytes = std::max(kChunk, payload_bytes / kChunk * kChunk);
    cl::Buffer source(session.context, CL_MEM_READ_WRITE, bytes);
    cl::Buffer target(session.context, CL_MEM_READ_WRITE, bytes);
    session.queue.enqueueFillBuffer(source, 1.0f, 0, bytes);

    const auto kernel_source = read_kernel_source(root / "kernels/benchmarks/copy.cl", "kernels/benchmarks/copy.cl");
    const BuiltProgram built = build_program(session.context, session.device.device, kernel_source, {}, {});
    cl::Kernel copy(built.program, "copy_float4");
    copy.setArg(0, source);
    copy.setArg(1, target);

    const Launch with_copy_buffer = [&] {
        cl::Event event;
        session.queue.enqueueCopyBuffer(source, target, 0, 0, bytes, nullptr, &event);
        return LaunchEvents{event, event};
    };
    const Launch with_kernel = [&] {
        const cl::Event event = enqueue_kernel(session.queue, copy, cl::NDRange(bytes / 16), cl::NDRange(256),
                                               "kernels/benchmarks/copy.cl");
        return LaunchEvents{event, event};
    };
    const auto timings = time_interleaved(session.queue, {with_copy_buffer, with_kernel});
    return {2.0 * static_cast<double>(bytes), timings[0].median_seconds, timings[1].median_seconds};
}

}  // namespace course
