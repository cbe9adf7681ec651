#include "bench/launch_floor.hpp"

#include "harness/kernel_launch.hpp"
#include "harness/kernel_source.hpp"
#include "harness/program_build.hpp"
#include "harness/timing.hpp"

#include <fmt/format.h>

namespace course {

double measure_launch_floor(ClSession& session, const std::filesystem::path& root) {
    const std::string name = "kernels/benchmarks/empty_launch.cl";
    const auto source = read_kernel_source(root / name, name);
    const BuiltProgram built = build_program(session.context, session.device.device, source, {});
    cl::Kernel kernel(built.program, "empty_launch");
    cl::Buffer out(session.context, CL_MEM_WRITE_ONLY, sizeof(float));
    kernel.setArg(0, out);
    const Launch launch = [&] {
        const cl::Event e = enqueue_kernel(session.queue, kernel, cl::NDRange(32), cl::NDRange(32), name);
        return LaunchEvents{e, e};
    };
    TimingPlan plan;  // many launches of a few microseconds: the median of 200
    plan.warmups = 10;
    plan.min_repetitions = 200;
    plan.max_repetitions = 200;
    plan.min_total_seconds = 0.0;
    return time_launch(session.queue, launch, plan).median_seconds;
}

std::vector<std::string> kernel_time_notes(const BenchReport& report) {
    std::vector<std::string> notes;
    if (report.launch_floor_seconds <= 0.0) return notes;
    for (const auto& cublas : report.figures) {
        if (!cublas.lab.empty() || cublas.what.rfind("cuBLAS", 0) != 0 || cublas.seconds <= 0.0) continue;
        for (const auto& f : report.figures) {
            if (f.lab.empty() || !f.correct || f.size != cublas.size || f.seconds <= report.launch_floor_seconds) {
                continue;
            }
            const double by_event = cublas.seconds / f.seconds;
            const double by_kernel = cublas.seconds / (f.seconds - report.launch_floor_seconds);
            if (fmt::format("{:.2f}", by_event) == fmt::format("{:.2f}", by_kernel)) continue;  // nothing to add
            notes.push_back(fmt::format(
                "lab {} at {}: {:.2f}× cuBLAS by its OpenCL event, {:.2f}× by kernel time (the event less the launch "
                "floor, {:.1f} µs; cuBLAS's figure is kernel time)",
                f.lab, f.size, by_event, by_kernel,
                report.launch_floor_seconds * 1e6));
        }
    }
    return notes;
}

}  // namespace course
