#include "problems/matmul/matmul_problem.hpp"

#include "problems/comparison.hpp"
#include "harness/guarded_buffer.hpp"
#include "problems/kernel_contracts.hpp"
#include "harness/kernel_launch.hpp"
#include "problems/reference.hpp"
#include "harness/fill_patterns.hpp"
#include "problems/timed_result.hpp"
#include "util/user_error.hpp"
#include "problems/verdict_text.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <memory>

namespace course {

MatmulProblem::MatmulProblem(const ProblemSetup& setup) : session_(*setup.session), geometry_(setup.geometry) {
    const auto batch = setup.spec->setting<std::int64_t>("matmul", "batch").value_or(1);
    if (batch < 1 || batch > 16) {
        throw UserError({"[matmul] batch between 1 and 16", fmt::format("batch = {}", batch),
                         setup.spec->file(), "fix the lab's batch size"});
    }
    batch_ = static_cast<std::size_t>(batch);
    built_ = build_program(session_.context, session_.device.device, setup.source, setup.defines);
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

std::vector<std::size_t> matmul_check_rows(ProblemSize size) {
    const double multiply_adds =
        static_cast<double>(size.m) * static_cast<double>(size.n) * static_cast<double>(size.k);
    return multiply_adds > kFullCheckLimit ? sample_rows(size.m, 64) : std::vector<std::size_t>{};
}

SizeVerdict single_product_verdict(ProblemSize size, const Matrix& a, const Matrix& b, const Matrix& c,
                                   const GuardDamage& damage, const Extents& padded) {
    // With padding, the kernel's output buffer is the padded C: name its shape as the kernel sees it.
    const OutputShape output{"c", size.m, size.n, padded.rows, padded.cols};
    const auto result = compare_with_reference(matmul_reference(a, b, matmul_check_rows(size)), c,
                                               matmul_tolerance_factor(size.k));
    const std::string text = verdict_text(result, damage, output);
    return {size, text.empty(), text, bit_fingerprint(c), repeating_failure(result, damage, "c")};
}

std::string end_to_end_problem(const Matrix& a, const Matrix& b, const Matrix& c) {
    const auto result =
        compare_with_reference(matmul_reference(a, b, sample_rows(a.rows, 16)), c, matmul_tolerance_factor(a.cols));
    return verdict_text(result, {}, OutputShape{"c", c.rows, c.cols, c.rows, c.cols});
}

double matmul_work(ProblemSize size) {
    return 2.0 * static_cast<double>(size.m) * static_cast<double>(size.n) * static_cast<double>(size.k);
}

namespace {

// The inputs of product z of a checked batch: product 0's are those of an unbatched check.
Matrix batch_a(ProblemSize size, std::uint64_t seed, std::size_t z) {
    return random_matrix(size.m, size.k, seed + 2 * z);
}
Matrix batch_b(ProblemSize size, std::uint64_t seed, std::size_t z) {
    return random_matrix(size.k, size.n, seed + 2 * z + 1);
}

// `count` matrices of rows × cols stored one after another, each zero-padded to padded_rows × padded_cols.
std::vector<float> stacked(const std::vector<Matrix>& matrices, std::size_t padded_rows, std::size_t padded_cols) {
    std::vector<float> values;
    values.reserve(matrices.size() * padded_rows * padded_cols);
    for (const auto& m : matrices) {
        const Matrix padded = zero_padded(m, padded_rows, padded_cols);
        values.insert(values.end(), padded.values.begin(), padded.values.end());
    }
    return values;
}

bool never_written(const Matrix& m) {
    return std::all_of(m.values.begin(), m.values.end(), [](float v) { return float_bits(v) == kUnwrittenBits; });
}

bool all_zero(const Matrix& m) {
    return std::all_of(m.values.begin(), m.values.end(), [](float v) { return v == 0.0f; });
}

// A wrong batch that reads the same at every size (verdict_text.hpp's repeating_failure), or "".
std::string batch_repeating_failure(const std::vector<Matrix>& c, const GuardDamage& damage) {
    if (damage.any()) return {};
    if (std::all_of(c.begin(), c.end(), never_written)) return "no element of c was written";
    if (std::all_of(c.begin(), c.end(), all_zero)) return "every element of c was 0";
    return {};
}

}  // namespace

std::vector<Matrix> MatmulProblem::multiply_batch(const std::vector<Matrix>& a, const std::vector<Matrix>& b,
                                                  GuardDamage* damage) {
    const std::size_t batch = a.size();
    const LaunchShape s = shape({a[0].rows, a[0].cols, b[0].cols});
    const auto& device = session_.device.device;
    const std::size_t c_size = s.padded.rows * s.padded.cols;
    GuardedBuffer a_buffer(session_.context, device, batch * s.padded.rows * s.padded.inner, BufferRole::input);
    GuardedBuffer b_buffer(session_.context, device, batch * s.padded.inner * s.padded.cols, BufferRole::input);
    GuardedBuffer c_buffer(session_.context, device, batch * c_size, BufferRole::output);
    a_buffer.upload(session_.queue, stacked(a, s.padded.rows, s.padded.inner));
    b_buffer.upload(session_.queue, stacked(b, s.padded.inner, s.padded.cols));
    c_buffer.upload(session_.queue);
    enqueue_matmul(session_.queue, kernel_, s, a_buffer.view(), b_buffer.view(), c_buffer.view(), batch,
                   built_.source.display_path + ", kernel matmul");
    session_.queue.finish();
    const std::vector<float> c_values = c_buffer.download(session_.queue, damage);
    std::vector<Matrix> c;
    for (std::size_t z = 0; z < batch; ++z) {
        Matrix padded(s.padded.rows, s.padded.cols);
        std::copy_n(c_values.begin() + static_cast<std::ptrdiff_t>(z * c_size), c_size, padded.values.begin());
        c.push_back(top_left(padded, a[z].rows, b[z].cols));
    }
    return c;
}

Matrix MatmulProblem::multiply(const Matrix& a, const Matrix& b, GuardDamage* damage) {
    return multiply_batch({a}, {b}, damage).front();
}

SizeVerdict MatmulProblem::check(ProblemSize size, std::uint64_t seed) {
    std::vector<Matrix> a, b;
    for (std::size_t z = 0; z < batch_; ++z) {
        a.push_back(batch_a(size, seed, z));
        b.push_back(batch_b(size, seed, z));
    }
    GuardDamage damage;
    const std::vector<Matrix> c = multiply_batch(a, b, &damage);
    const auto rows = matmul_check_rows(size);
    const double tolerance = matmul_tolerance_factor(size.k);
    const LaunchShape s = shape(size);
    if (batch_ == 1) return single_product_verdict(size, a[0], b[0], c[0], damage, s.padded);
    const OutputShape output{"c", size.m, size.n, s.padded.rows, s.padded.cols};
    // Every bit of every product: two identical launches must give the same (see repeated_check.hpp).
    std::uint64_t fingerprint = 0;
    for (const Matrix& product : c) fingerprint = fingerprint * 1099511628211ull ^ bit_fingerprint(product);

    std::string text = damage.any() ? describe_guard_damage(damage, "c", batch_ * s.padded.rows, s.padded.cols) +
                                          fmt::format(" (c holds {} products of {}×{} one after another.)", batch_,
                                                      s.padded.rows, s.padded.cols)
                                    : std::string();
    for (std::size_t z = 0; z < batch_; ++z) {
        const std::string wrong =
            verdict_text(compare_with_reference(matmul_reference(a[z], b[z], rows), c[z], tolerance), {}, output);
        if (wrong.empty()) continue;
        if (!text.empty()) text += "\n";
        // Product 0 wrong is an ordinary bug, unless the later products were never written: then
        // every work-group stored into product 0, and which one's result it holds is a race.
        bool later_never_written = true;
        for (std::size_t y = 1; y < batch_; ++y) later_never_written &= never_written(c[y]);
        if (z > 0 || later_never_written) text += batch_hint(c, a, b, z, rows, tolerance) + "\n";
        text += fmt::format("In product {} of a batch of {} (work-group z = get_group_id(2) = {}): {}", z, batch_,
                            z, wrong);
        break;
    }
    return {size, text.empty(), text, fingerprint, text.empty() ? "" : batch_repeating_failure(c, damage)};
}

std::string MatmulProblem::batch_hint(const std::vector<Matrix>& c, const std::vector<Matrix>& a,
                                      const std::vector<Matrix>& b, std::size_t z,
                                      const std::vector<std::size_t>& rows, double tolerance) const {
    const std::string contract = fmt::format(
        "This lab's kernel is also launched on {} products at once, as lab 07 does: the NDRange gets a third "
        "dimension with one work-group per product, and work-group z = get_group_id(2) must multiply the z-th "
        "product, whose A starts at a + z·M·K, B at b + z·K·N and C at c + z·M·N (M, K, N as the kernel "
        "receives them). The stub's first lines do this: keep them.",
        batch_);
    bool later_never_written = true;
    for (std::size_t y = 1; y < c.size(); ++y) later_never_written &= never_written(c[y]);
    if (later_never_written) {
        return "The batch index get_group_id(2) was ignored: no product after the first was ever written, so every "
               "work-group wrote product 0's C. " + contract;
    }
    const bool holds_first =
        compare_with_reference(matmul_reference(a[0], b[0], rows), c[z], tolerance).ok();
    if (holds_first) {
        return fmt::format(
            "The batch index get_group_id(2) was ignored for the inputs: product {} holds product 0's result "
            "(A and B of product 0 times each other), so a and b were not moved to product {}. {}",
            z, z, contract);
    }
    return fmt::format(
        "Product 0 is right but product {} is not: the batch index get_group_id(2) is ignored or used with the "
        "wrong stride for a, b or c. {}",
        z, contract);
}

TimedLaunch MatmulProblem::timed_launch(ProblemSize size, std::uint64_t seed) {
    const LaunchShape s = shape(size);
    const Matrix a = random_matrix(size.m, size.k, seed);
    const Matrix b = random_matrix(size.k, size.n, mixed_seed(seed, 1));
    const Matrix a_in = s.pads ? zero_padded(a, s.padded.rows, s.padded.inner) : a;
    const Matrix b_in = s.pads ? zero_padded(b, s.padded.inner, s.padded.cols) : b;
    const std::size_t a_bytes = a_in.size() * sizeof(float), b_bytes = b_in.size() * sizeof(float);
    const std::size_t c_bytes = s.padded.rows * s.padded.cols * sizeof(float);
    // The untouched copies are never given to the kernel: A and B are copied back from them before every launch.
    const cl::Buffer a_untouched(session_.context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, a_bytes,
                                 const_cast<float*>(a_in.values.data()));
    const cl::Buffer b_untouched(session_.context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, b_bytes,
                                 const_cast<float*>(b_in.values.data()));
    const cl::Buffer a_buffer(session_.context, CL_MEM_READ_WRITE, a_bytes);
    const cl::Buffer b_buffer(session_.context, CL_MEM_READ_WRITE, b_bytes);
    const DeviceMatrix c{cl::Buffer(session_.context, CL_MEM_READ_WRITE, c_bytes), size.m, size.n, s.padded.cols};
    const auto check = std::make_shared<MatmulResultCheck>(a, b, matmul_tolerance_factor(size.k), mixed_seed(seed, 2));
    TimedLaunch timed;
    timed.prepare = [this, a_untouched, b_untouched, a_buffer, b_buffer, c, a_bytes, b_bytes, c_bytes] {
        session_.queue.enqueueCopyBuffer(a_untouched, a_buffer, 0, 0, a_bytes);
        session_.queue.enqueueCopyBuffer(b_untouched, b_buffer, 0, 0, b_bytes);
        enqueue_unwritten_fill(session_.queue, c.buffer, c_bytes);
    };
    timed.launch = [this, a_buffer, b_buffer, c, s] { return launch(a_buffer, b_buffer, c.buffer, s); };
    timed.check = [this, check, c](ResultCheck depth) { return (*check)(session_.queue, c, depth); };
    return timed;
}

std::optional<EndToEndTiming> MatmulProblem::end_to_end(ProblemSize size, HostMemory mode, std::uint64_t seed) {
    const LaunchShape s = shape(size);
    const Matrix a = random_matrix(size.m, size.k, seed);
    const Matrix b = random_matrix(size.k, size.n, mixed_seed(seed, 1));
    // Padding is host work before the timed runs: what is timed moves the padded matrices.
    const Matrix a_in = zero_padded(a, s.padded.rows, s.padded.inner);
    const Matrix b_in = zero_padded(b, s.padded.inner, s.padded.cols);
    const HostLinkedBuffer a_buffer(session_.context, mode, a_in.size());
    const HostLinkedBuffer b_buffer(session_.context, mode, b_in.size());
    const HostLinkedBuffer c_buffer(session_.context, mode, s.padded.rows * s.padded.cols);
    Matrix c(s.padded.rows, s.padded.cols);
    EndToEndSteps steps;
    steps.inputs_in = [&] {
        a_buffer.write(session_.queue, a_in.values);
        b_buffer.write(session_.queue, b_in.values);
    };
    steps.launch = [&] {
        return enqueue_matmul(session_.queue, kernel_, s, a_buffer.buffer(), b_buffer.buffer(), c_buffer.buffer(), 1,
                              built_.source.display_path + ", kernel matmul");
    };
    steps.result_out = [&] { c_buffer.read(session_.queue, c.values); };
    EndToEndTiming timing = time_end_to_end(steps, mode);
    timing.wrong = end_to_end_problem(a, b, top_left(c, size.m, size.n));
    return timing;
}

double MatmulProblem::work(ProblemSize size) const { return matmul_work(size); }

}  // namespace course
