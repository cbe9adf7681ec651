#include "problems/matmul_image/matmul_image_problem.hpp"

#include "harness/float4_image.hpp"
#include "problems/comparison.hpp"
#include "harness/guarded_buffer.hpp"
#include "harness/kernel_launch.hpp"
#include "problems/kernel_contracts.hpp"
#include "problems/matmul/matmul_problem.hpp"
#include "problems/timed_result.hpp"
#include "util/user_error.hpp"

#include <fmt/format.h>

#include <memory>

namespace course {

MatmulImageProblem::MatmulImageProblem(const ProblemSetup& setup)
    : session_(*setup.session), geometry_(setup.geometry) {
    const cl::Device& device = session_.device.device;
    if (device.getInfo<CL_DEVICE_IMAGE_SUPPORT>() != CL_TRUE) {
        throw UserError({"a device with image support: this lab reads B through an image2d_t",
                         "CL_DEVICE_IMAGE_SUPPORT is false on " + session_.device.label(),
                         setup.source.display_path, "pick another device (`lab devices`, then --device)"});
    }
    built_ = build_program(session_.context, device, setup.source, setup.defines);
    kernel_ = make_kernel(built_, "matmul", matmul_image_contract());
}

LaunchShape MatmulImageProblem::shape(ProblemSize size) const {
    const LaunchShape s = launch_shape(geometry_, built_.defines, Extents{size.m, size.n, size.k});
    if (s.padded.cols % 4 != 0) {
        throw UserError({"N padded to a multiple of 4: a texel of B holds four columns",
                         fmt::format("N = {} is padded to {}", size.n, s.padded.cols), "kernel defines",
                         "make the macro tile's width (TILE_N) a multiple of 4"});
    }
    return s;
}

cl::Image2D MatmulImageProblem::b_image(const Matrix& b, const LaunchShape& s) const {
    return make_float4_image(session_.context, session_.device.device, zero_padded(b, s.padded.inner, s.padded.cols),
                             built_.source.display_path + ", argument b");
}

cl::Event MatmulImageProblem::launch(const cl::Buffer& a, const cl::Image2D& b, const cl::Buffer& c,
                                     const LaunchShape& s) {
    kernel_.setArg(0, a);
    kernel_.setArg(1, b);
    kernel_.setArg(2, c);
    kernel_.setArg(3, static_cast<cl_uint>(s.padded.rows));
    kernel_.setArg(4, static_cast<cl_uint>(s.padded.inner));
    kernel_.setArg(5, static_cast<cl_uint>(s.padded.cols));
    return enqueue_kernel(session_.queue, kernel_, s.global_range(), s.local_range(),
                          built_.source.display_path + ", kernel matmul");
}

Matrix MatmulImageProblem::multiply(const Matrix& a, const Matrix& b, GuardDamage* damage) {
    const LaunchShape s = shape({a.rows, a.cols, b.cols});
    const auto& device = session_.device.device;
    const cl::Image2D b_texels = b_image(b, s);
    GuardedBuffer a_buffer(session_.context, device, s.padded.rows * s.padded.inner, BufferRole::input);
    GuardedBuffer c_buffer(session_.context, device, s.padded.rows * s.padded.cols, BufferRole::output);
    a_buffer.upload(session_.queue, zero_padded(a, s.padded.rows, s.padded.inner).values);
    c_buffer.upload(session_.queue);
    launch(a_buffer.view(), b_texels, c_buffer.view(), s);
    session_.queue.finish();
    Matrix padded(s.padded.rows, s.padded.cols);
    padded.values = c_buffer.download(session_.queue, damage);
    return top_left(padded, a.rows, b.cols);
}

SizeVerdict MatmulImageProblem::check(ProblemSize size, std::uint64_t seed) {
    // The inputs an unbatched check of labs 03–06 has at this seed.
    const Matrix a = random_matrix(size.m, size.k, seed);
    const Matrix b = random_matrix(size.k, size.n, seed + 1);
    GuardDamage damage;
    const Matrix c = multiply(a, b, &damage);
    return single_product_verdict(size, a, b, c, damage, shape(size).padded);
}

TimedLaunch MatmulImageProblem::timed_launch(ProblemSize size, std::uint64_t seed) {
    const LaunchShape s = shape(size);
    const Matrix a = random_matrix(size.m, size.k, seed);
    const Matrix b = random_matrix(size.k, size.n, mixed_seed(seed, 1));
    const Matrix a_in = zero_padded(a, s.padded.rows, s.padded.inner);
    const std::size_t a_bytes = a_in.size() * sizeof(float);
    const std::size_t c_bytes = s.padded.rows * s.padded.cols * sizeof(float);
    // A is copied back from an untouched copy before every launch (a kernel may write into it).
    const cl::Buffer a_untouched(session_.context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, a_bytes,
                                 const_cast<float*>(a_in.values.data()));
    const cl::Buffer a_buffer(session_.context, CL_MEM_READ_WRITE, a_bytes);
    const cl::Image2D b_texels = b_image(b, s);
    const DeviceMatrix c{cl::Buffer(session_.context, CL_MEM_READ_WRITE, c_bytes), size.m, size.n, s.padded.cols};
    const auto check = std::make_shared<MatmulResultCheck>(a, b, matmul_tolerance_factor(size.k), mixed_seed(seed, 2));
    TimedLaunch timed;
    timed.prepare = [this, a_untouched, a_buffer, c, a_bytes, c_bytes] {
        session_.queue.enqueueCopyBuffer(a_untouched, a_buffer, 0, 0, a_bytes);
        enqueue_unwritten_fill(session_.queue, c.buffer, c_bytes);
    };
    timed.launch = [this, a_buffer, b_texels, c, s] {
        const cl::Event event = launch(a_buffer, b_texels, c.buffer, s);
        return LaunchEvents{event, event};
    };
    timed.check = [this, check, c](ResultCheck depth) { return (*check)(session_.queue, c, depth); };
    return timed;
}

std::optional<EndToEndTiming> MatmulImageProblem::end_to_end(ProblemSize size, HostMemory mode,
                                                             std::uint64_t seed) {
    const LaunchShape s = shape(size);
    const Matrix a = random_matrix(size.m, size.k, seed);
    const Matrix b = random_matrix(size.k, size.n, mixed_seed(seed, 1));
    // Padding is host work before the timed runs: what is timed moves the padded matrices.
    const Matrix a_in = zero_padded(a, s.padded.rows, s.padded.inner);
    const Matrix b_in = zero_padded(b, s.padded.inner, s.padded.cols);
    const HostLinkedBuffer a_buffer(session_.context, mode, a_in.size());
    const HostLinkedImage b_texels(session_.context, session_.device.device, mode, b_in.rows, b_in.cols,
                                   built_.source.display_path + ", argument b");
    const HostLinkedBuffer c_buffer(session_.context, mode, s.padded.rows * s.padded.cols);
    Matrix c(s.padded.rows, s.padded.cols);
    EndToEndSteps steps;
    steps.inputs_in = [&] {
        a_buffer.write(session_.queue, a_in.values);
        b_texels.write(session_.queue, b_in);
    };
    steps.launch = [&] { return launch(a_buffer.buffer(), b_texels.image(), c_buffer.buffer(), s); };
    steps.result_out = [&] { c_buffer.read(session_.queue, c.values); };
    EndToEndTiming timing = time_end_to_end(steps, mode);
    timing.wrong = end_to_end_problem(a, b, top_left(c, size.m, size.n));
    return timing;
}

double MatmulImageProblem::work(ProblemSize size) const { return matmul_work(size); }

}  // namespace course
