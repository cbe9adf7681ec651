#include "matmul_problem.hpp"

#include "comparison.hpp"
#include "guarded_buffer.hpp"
#include "kernel_contracts.hpp"
#include "kernel_launch.hpp"
#include "reference.hpp"
#include "verdict_text.hpp"

namespace course {

MatmulProblem::MatmulProblem(const ProblemSetup& setup) : session_(*setup.session), geometry_(setup.geometry) {
    built_ = build_program(session_.context, session_.device.device, setup.source, setup.defines, setup.include_dirs);
    kernel_ = make_kernel(built_, "matmul", matmul_contract());
}

LaunchShape MatmulProblem::shape(ProblemSize size) const {
    return launch_shape(geometry_, built_.defines, Extents{size.m, size.n, size.k});
}

LaunchEvents MatmulProblem::launch(const cl::Buffer& a, const cl::Buffer& b, const cl::Buffer& c,
                                   const LaunchShape& s) {
    const cl::Event event =
        enqueue_matmul(session_.queue, kernel_, s, a, b, c, 1, built_.source.display_path + ", kernel matmul");
    return {event, event};
}

cl::Event enqueue_matmul(const cl::CommandQueue& queue, cl::Kernel& kernel, const LaunchShape& shape,
                         const cl::Buffer& a, const cl::Buffer& b, const cl::Buffer& c, std::size_t batch,
                         const std::string& where) {
    kernel.setArg(0, a);
    kernel.setArg(1, b);
    kernel.setArg(2, c);
    kernel.setArg(3, static_cast<cl_uint>(shape.padded.rows));
    kernel.setArg(4, static_cast<cl_uint>(shape.padded.inner));
    kernel.setArg(5, static_cast<cl_uint>(shape.padded.cols));
    return enqueue_kernel(queue, kernel, shape.global_range(batch), shape.local_range(batch), where);
}

Matrix MatmulProblem::multiply(const Matrix& a, const Matrix& b, GuardDamage* damage) {
    const LaunchShape s = shape({a.rows, a.cols, b.cols});
    const Matrix a_in = s.pads ? zero_padded(a, s.padded.rows, s.padded.inner) : a;
    const Matrix b_in = s.pads ? zero_padded(b, s.padded.inner, s.padded.cols) : b;
    const auto& device = session_.device.device;
    GuardedBuffer a_buffer(session_.context, device, a_in.size(), BufferRole::input);
    GuardedBuffer b_buffer(session_.context, device, b_in.size(), BufferRole::input);
    GuardedBuffer c_buffer(session_.context, device, s.padded.rows * s.padded.cols, BufferRole::output);
    a_buffer.upload(session_.queue, a_in.values);
    b_buffer.upload(session_.queue, b_in.values);
    c_buffer.upload(session_.queue);
    launch(a_buffer.view(), b_buffer.view(), c_buffer.view(), s);
    session_.queue.finish();
    Matrix c(s.padded.rows, s.padded.cols);
    c.values = c_buffer.download(session_.queue, damage);
    return s.pads ? top_left(c, a.rows, b.cols) : c;
}

SizeVerdict MatmulProblem::check(ProblemSize size, std::uint64_t seed) {
    const Matrix a = random_matrix(size.m, size.k, seed);
    const Matrix b = random_matrix(size.k, size.n, seed + 1);
    GuardDamage damage;
    const Matrix c = multiply(a, b, &damage);
    const double multiply_adds =
        static_cast<double>(size.m) * static_cast<double>(size.n) * static_cast<double>(size.k);
    const auto rows = multiply_adds > kFullCheckLimit ? sample_rows(size.m, 64) : std::vector<std::size_t>{};
    const Comparison comparison =
        compare_with_reference(matmul_reference(a, b, rows), c, matmul_tolerance_factor(size.k));
    // With padding, the kernel's output buffer is the padded C: name its shape as the kernel sees it.
    const LaunchShape s = shape(size);
    const std::string text = verdict_text(comparison, damage, {"c", size.m, size.n, s.padded.rows, s.padded.cols});
    return {size, text.empty(), text, bit_fingerprint(c)};
}

Launch MatmulProblem::timed_launch(ProblemSize size) {
    const LaunchShape s = shape(size);
    const Matrix a = random_matrix(s.padded.rows, s.padded.inner, 1);
    const Matrix b = random_matrix(s.padded.inner, s.padded.cols, 2);
    cl::Buffer a_buffer(session_.context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, a.size() * sizeof(float),
                        const_cast<float*>(a.values.data()));
    cl::Buffer b_buffer(session_.context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, b.size() * sizeof(float),
                        const_cast<float*>(b.values.data()));
    cl::Buffer c_buffer(session_.context, CL_MEM_READ_WRITE, s.padded.rows * s.padded.cols * sizeof(float));
    return [this, a_buffer, b_buffer, c_buffer, s] { return launch(a_buffer, b_buffer, c_buffer, s); };
}

double MatmulProblem::work(ProblemSize size) const {
    return 2.0 * static_cast<double>(size.m) * static_cast<double>(size.n) * static_cast<double>(size.k);
}

}  // namespace course
