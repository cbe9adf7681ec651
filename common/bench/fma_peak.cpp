#include "bench/fma_peak.hpp"

#include "bench/host_sgemm.hpp"

#include "harness/kernel_launch.hpp"
#include "harness/kernel_source.hpp"
#include "harness/program_build.hpp"
#include "harness/timing.hpp"

#include <algorithm>
#include <string>

namespace course {

namespace {
// Chain steps per launch: about a millisecond on a large GPU. Whole rounds of the kernel's unrolled loop.
constexpr cl_uint kGpuSteps = 4096;
constexpr cl_uint kCpuSteps = 2048;
static_assert(kGpuSteps % kFmaStepsPerRound == 0 && kCpuSteps % kFmaStepsPerRound == 0, "whole rounds only");
}  // namespace

FmaPeak measure_fma_peak(ClSession& session, const std::filesystem::path& root) {
    const auto source = read_kernel_source(root / "kernels/benchmarks/fma_peak.cl", "kernels/benchmarks/fma_peak.cl");
    Defines shape;
    shape.set("CHAINS", std::to_string(kFmaChains));
    shape.set("STEPS_PER_ROUND", std::to_string(kFmaStepsPerRound));
    const BuiltProgram built = build_program(session.context, session.device.device, source, shape);
    cl::Kernel kernel(built.program, "fma_peak");

    // Enough work-items to fill every compute unit many times over.
    const bool gpu = session.device.device_class == DeviceClass::gpu;
    const std::size_t units = session.device.device.getInfo<CL_DEVICE_MAX_COMPUTE_UNITS>();
    const std::size_t items = units * (gpu ? 4096 : 16384);
    const cl_uint steps = gpu ? kGpuSteps : kCpuSteps;
    cl::Buffer out(session.context, CL_MEM_WRITE_ONLY, items * sizeof(float));
    kernel.setArg(0, out);
    kernel.setArg(1, 0.999f);
    kernel.setArg(2, 0.001f);
    kernel.setArg(3, steps);
    const Launch launch = [&] {
        const cl::Event e = enqueue_kernel(session.queue, kernel, cl::NDRange(items), cl::NDRange(256),
                                           "kernels/benchmarks/fma_peak.cl");
        return LaunchEvents{e, e};
    };
    const Timing timing = time_launch(session.queue, launch);
    return {static_cast<double>(items) * steps * kFmaChains * 2 /* flops per FMA */, timing.median_seconds};
}

ComputeLimit measure_compute_limit(ClSession& session, const std::filesystem::path& root) {
    ComputeLimit limit;
    limit.fma = measure_fma_peak(session, root);
    limit.gflops = limit.fma.gflops();
    limit.name = "FMA peak";
    if (session.device.device_class != DeviceClass::cpu) return limit;
    const std::size_t n = kCpuLimitBlasSize;
    limit.blas_seconds = host_sgemm_seconds({n, n, n});
    limit.blas_gflops = 2.0 * static_cast<double>(n * n * n) / limit.blas_seconds * 1e-9;
    limit.gflops = std::max(limit.gflops, limit.blas_gflops);
    limit.name = "CPU limit (best of FMA kernel and OpenBLAS)";  // bench_report.hpp's kCpuLimitName
    return limit;
}

}  // namespace course
