// Labs 01 and 02: at (k × m) = transpose of a (m × k).
#include "problems/transpose/transpose_problem.hpp"

#include "problems/comparison.hpp"
#include "harness/guarded_buffer.hpp"
#include "problems/kernel_contracts.hpp"
#include "harness/kernel_launch.hpp"
#include "harness/launch_geometry.hpp"
#include "problems/reference.hpp"
#include "problems/timed_result.hpp"
#include "problems/verdict_text.hpp"

#include <memory>

namespace course {

TransposeProblem::TransposeProblem(const ProblemSetup& setup) : session_(*setup.session), geometry_(setup.geometry) {
    built_ = build_program(session_.context, session_.device.device, setup.source, setup.defines);
    kernel_ = make_kernel(built_, "transpose", transpose_contract());
}

LaunchShape TransposeProblem::shape(ProblemSize size) const {
    return launch_shape(geometry_, built_.defines, Extents{size.m, size.k, 1});
}

LaunchEvents TransposeProblem::launch(const cl::Buffer& a, const cl::Buffer& at, ProblemSize size) {
    const LaunchShape s = shape(size);
    kernel_.setArg(0, a);
    kernel_.setArg(1, at);
    kernel_.setArg(2, static_cast<cl_uint>(size.m));
    kernel_.setArg(3, static_cast<cl_uint>(size.k));
    const cl::Event event = enqueue_kernel(session_.queue, kernel_, s.global_range(), s.local_range(),
                                           built_.source.display_path + ", kernel transpose");
    return {event, event};
}

SizeVerdict TransposeProblem::check(ProblemSize size, std::uint64_t seed) {
    const Matrix a = random_matrix(size.m, size.k, seed);
    GuardedBuffer a_buffer(session_.context, session_.device.device, a.size(), BufferRole::input);
    GuardedBuffer at_buffer(session_.context, session_.device.device, a.size(), BufferRole::output);
    a_buffer.upload(session_.queue, a.values);
    at_buffer.upload(session_.queue);
    launch(a_buffer.view(), at_buffer.view(), size);
    session_.queue.finish();

    GuardDamage damage;
    Matrix at(size.k, size.m);
    at.values = at_buffer.download(session_.queue, &damage);
    const Comparison comparison = compare_exact(transpose_reference(a), at);
    const std::string text = verdict_text(comparison, damage, {"at", size.k, size.m});
    return {size, text.empty(), text, bit_fingerprint(at), repeating_failure(comparison, damage, "at")};
}

TimedLaunch TransposeProblem::timed_launch(ProblemSize size, std::uint64_t seed) {
    const Matrix a = random_matrix(size.m, size.k, seed);
    const std::size_t bytes = a.size() * sizeof(float);
    // `untouched` is never given to the kernel: `a` is copied back from it before every launch.
    const cl::Buffer untouched(session_.context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, bytes,
                               const_cast<float*>(a.values.data()));
    const cl::Buffer a_buffer(session_.context, CL_MEM_READ_WRITE, bytes);
    const DeviceMatrix at{cl::Buffer(session_.context, CL_MEM_READ_WRITE, bytes), size.k, size.m, size.m};
    const auto check = std::make_shared<TransposeResultCheck>(a, mixed_seed(seed, 2));
    TimedLaunch timed;
    timed.prepare = [this, untouched, a_buffer, at, bytes] {
        session_.queue.enqueueCopyBuffer(untouched, a_buffer, 0, 0, bytes);
        enqueue_unwritten_fill(session_.queue, at.buffer, bytes);
    };
    timed.launch = [this, a_buffer, at, size] { return launch(a_buffer, at.buffer, size); };
    timed.check = [this, check, at](ResultCheck depth) { return (*check)(session_.queue, at, depth); };
    timed.same_bytes = CopiedBytes{a_buffer, at.buffer, bytes};
    return timed;
}

double TransposeProblem::work(ProblemSize size) const {
    return 2.0 * static_cast<double>(size.m) * static_cast<double>(size.k) * sizeof(float);
}

}  // namespace course
