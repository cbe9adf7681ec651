#include "strassen_gemm.hpp"

#include "matmul_problem.hpp"

#include "comparison.hpp"
#include "fill_patterns.hpp"
#include "guarded_buffer.hpp"
#include "kernel_contracts.hpp"
#include "kernel_launch.hpp"
#include "reference.hpp"
#include "verdict_text.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace course {

namespace {

// The lab whose kernel multiplies: [strassen] gemm_lab in lab 07's lab.toml (default "06").
KernelSource gemm_source(const ProblemSetup& setup) {
    const std::string gemm_lab = setup.spec->setting<std::string>("strassen", "gemm_lab").value_or("06");
    const LabSpec gemm_spec = load_lab(setup.root, gemm_lab, setup.session->device.device_class);
    const KernelSet& set = setup.gemm_kernels ? *setup.gemm_kernels : setup.kernels;
    if (std::filesystem::exists(set.file(gemm_spec.folder, gemm_spec.kernel_file))) {
        return read_kernel_source(set.file(gemm_spec.folder, gemm_spec.kernel_file),
                                  set.display(gemm_spec.folder, gemm_spec.kernel_file));
    }
    const KernelSet repository{setup.root / "labs", "labs"};
    return read_kernel_source(repository.file(gemm_spec.folder, gemm_spec.kernel_file),
                              repository.display(gemm_spec.folder, gemm_spec.kernel_file));
}

}  // namespace

BatchedGemm::BatchedGemm(const ProblemSetup& setup)
    : geometry_(setup.geometry),
      macro_tile_(padding_multiples(setup.geometry, setup.defines)),
      built_(build_program(setup.session->context, setup.session->device.device, gemm_source(setup), setup.defines,
                           setup.include_dirs)),
      kernel_(make_kernel(built_, "matmul", matmul_contract())) {}

cl::Event BatchedGemm::multiply(const cl::CommandQueue& queue, const cl::Buffer& a, const cl::Buffer& b,
                                const cl::Buffer& c, Extents size, std::size_t batch) {
    // The recursion pads every product to whole macro tiles, so the shape's padded sizes are `size`.
    const LaunchShape shape = launch_shape(geometry_, built_.defines, size);
    return enqueue_matmul(queue, kernel_, shape, a, b, c, batch,
                          fmt::format("{}, kernel matmul ({} products)", built_.source.display_path, batch));
}

const std::string& BatchedGemm::self_test(ClSession& session) {
    if (!self_test_result_) self_test_result_ = run_self_test(session);
    return *self_test_result_;
}

std::string BatchedGemm::run_self_test(ClSession& session) {
    // Two products, each two macro tiles high and wide and two tile steps deep:
    // small enough for Oclgrind, large enough to need every work-group index.
    constexpr std::size_t batch = 2;
    const Extents size{2 * macro_tile_.rows, 2 * macro_tile_.cols, 2 * macro_tile_.inner};
    const std::size_t a_size = size.rows * size.inner, b_size = size.inner * size.cols, c_size = size.rows * size.cols;
    const Matrix a = random_matrix(batch * size.rows, size.inner, 11);
    const Matrix b = random_matrix(batch * size.inner, size.cols, 12);
    const auto& device = session.device.device;
    GuardedBuffer a_buffer(session.context, device, a.size(), BufferRole::input);
    GuardedBuffer b_buffer(session.context, device, b.size(), BufferRole::input);
    GuardedBuffer c_buffer(session.context, device, batch * c_size, BufferRole::output);
    a_buffer.upload(session.queue, a.values);
    b_buffer.upload(session.queue, b.values);
    c_buffer.upload(session.queue);
    multiply(session.queue, a_buffer.view(), b_buffer.view(), c_buffer.view(), size, batch);
    GuardDamage damage;
    const std::vector<float> c_values = c_buffer.download(session.queue, &damage);

    std::string problem;
    std::size_t wrong_product = batch;
    for (std::size_t z = 0; z < batch && problem.empty(); ++z) {
        Matrix a_z(size.rows, size.inner), b_z(size.inner, size.cols), c_z(size.rows, size.cols);
        std::copy_n(a.values.begin() + static_cast<std::ptrdiff_t>(z * a_size), a_size, a_z.values.begin());
        std::copy_n(b.values.begin() + static_cast<std::ptrdiff_t>(z * b_size), b_size, b_z.values.begin());
        std::copy_n(c_values.begin() + static_cast<std::ptrdiff_t>(z * c_size), c_size, c_z.values.begin());
        const Comparison comparison =
            compare_with_reference(matmul_reference(a_z, b_z), c_z, matmul_tolerance_factor(size.inner));
        problem = verdict_text(comparison, GuardDamage{}, {"c", size.rows, size.cols});
        if (!problem.empty()) wrong_product = z;
    }
    if (damage.any()) {
        problem =
            describe_guard_damage(damage, "c", batch * size.rows, size.cols) + (problem.empty() ? "" : "\n") + problem;
    }
    if (problem.empty()) return {};
    const std::string shape = fmt::format("{}×{}×{} each", size.rows, size.inner, size.cols);
    const std::string where = wrong_product < batch
                                  ? fmt::format("at product {} of a batch of {} ({})", wrong_product, batch, shape)
                                  : fmt::format("on a batch of {} products ({})", batch, shape);
    // A kernel that ignores get_group_id(2) writes every product onto the first one.
    bool later_never_written = false;
    for (std::size_t z = 1; z < batch; ++z) {
        const auto begin = c_values.begin() + static_cast<std::ptrdiff_t>(z * c_size);
        later_never_written |= std::all_of(begin, begin + static_cast<std::ptrdiff_t>(c_size),
                                           [](float v) { return float_bits(v) == kUnwrittenBits; });
    }
    const std::string batched_hint =
        later_never_written || wrong_product > 0
            ? fmt::format(
                  "\n{} work-group z of a batched launch must multiply the z-th product (the kernel's first "
                  "lines move a, b and c forward by get_group_id(2) products).",
                  later_never_written ? "A later product of the batch was never written:"
                                      : "Product 0 is right but a later one is not:")
            : "";
    return fmt::format(
        "lab 07 multiplies with your lab-06 kernel ({}), which is wrong {}:\n{}{}\nFinish lab 06 "
        "first (`lab run 06`), or run `lab run 07 --solution` to see lab 07 with the course's kernels.",
        built_.source.display_path, where, problem, batched_hint);
}

}  // namespace course
