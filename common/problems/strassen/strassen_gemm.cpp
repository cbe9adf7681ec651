#include "problems/strassen/strassen_gemm.hpp"

#include "problems/matmul/matmul_problem.hpp"

#include "problems/comparison.hpp"
#include "harness/fill_patterns.hpp"
#include "harness/guarded_buffer.hpp"
#include "problems/kernel_contracts.hpp"
#include "harness/kernel_launch.hpp"
#include "problems/reference.hpp"
#include "util/user_error.hpp"
#include "problems/verdict_text.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <utility>
#include <vector>

namespace course {

namespace {

// The lab whose kernel multiplies: [strassen] gemm_lab in lab 07's lab.toml (default "06").
KernelSource lab_gemm_source(const ProblemSetup& setup, const StrassenGemmSettings& settings) {
    const std::string gemm_lab = setup.spec->setting<std::string>("strassen", "gemm_lab").value_or("06");
    const LabSpec gemm_spec = load_lab(setup.root, gemm_lab, setup.session->device.device_class);
    const KernelSet& set = settings.lab_kernels ? *settings.lab_kernels : setup.kernels;
    if (std::filesystem::exists(set.file(gemm_spec.folder, gemm_spec.kernel_file))) {
        return read_kernel_source(set.file(gemm_spec.folder, gemm_spec.kernel_file),
                                  set.display(gemm_spec.folder, gemm_spec.kernel_file));
    }
    const KernelSet repository{setup.root / "labs", "labs"};
    return read_kernel_source(repository.file(gemm_spec.folder, gemm_spec.kernel_file),
                              repository.display(gemm_spec.folder, gemm_spec.kernel_file));
}

// The course's own GEMM for the same contract: [strassen] reference_gemm, a file under kernels/.
std::filesystem::path reference_gemm_path(const ProblemSetup& setup) {
    const auto file = setup.spec->setting<std::string>("strassen", "reference_gemm");
    if (!file) {
        throw UserError({"[strassen] reference_gemm = \"reference/....cl\" (a file under kernels/)",
                         "the key is missing", "labs/" + setup.spec->folder + "/lab.toml",
                         "name the course's reference GEMM there"});
    }
    return std::filesystem::path("kernels") / *file;
}

// The reference GEMM when it was asked for and this copy of the course has it: a
// student edition leaves kernels/reference/ out (it would complete lab 06).
bool reference_gemm_present(const ProblemSetup& setup) {
    if (!setup.spec->setting<std::string>("strassen", "reference_gemm")) return false;
    std::error_code ec;
    return std::filesystem::exists(setup.root / reference_gemm_path(setup), ec);
}

bool uses_reference(const ProblemSetup& setup, const StrassenGemmSettings& settings) {
    if (settings.choice != GemmChoice::reference) return false;
    reference_gemm_path(setup);  // says what is missing when lab.toml names no reference GEMM
    return reference_gemm_present(setup);
}

KernelSource gemm_source(const ProblemSetup& setup, const StrassenGemmSettings& settings) {
    if (!uses_reference(setup, settings)) return lab_gemm_source(setup, settings);
    const auto path = reference_gemm_path(setup);
    return read_kernel_source(setup.root / path, path.generic_string());
}

}  // namespace

StrassenGemmSettings strassen_gemm_settings(const ProblemSetup& setup) {
    StrassenGemmSettings settings;
    if (setup.earlier_labs == EarlierLabKernels::course) settings.choice = GemmChoice::reference;
    return settings;
}

BatchedGemm::BatchedGemm(const ProblemSetup& setup, const StrassenGemmSettings& settings)
    : geometry_(setup.geometry),
      reference_(uses_reference(setup, settings)),
      reference_available_(reference_gemm_present(setup)),
      on_oclgrind_(is_oclgrind(setup.session->device.device)),
      macro_tile_(padding_multiples(setup.geometry, setup.defines)),
      built_(build_program(setup.session->context, setup.session->device.device, gemm_source(setup, settings), setup.defines)),
      kernel_(make_kernel(built_, "matmul", matmul_contract())) {
    if (settings.choice == GemmChoice::reference && !reference_) {
        fallback_note_ = fmt::format(
            "lab 07's products use your lab-06 kernel ({}): the instructor grades lab 07 with a reference GEMM, "
            "so finish lab 06 first",
            built_.source.display_path);
    }
}

cl::Event BatchedGemm::multiply(const cl::CommandQueue& queue, const cl::Buffer& a, const cl::Buffer& b,
                                const cl::Buffer& c, Extents size, std::size_t batch) {
    if (reference_ && on_oclgrind_) return multiply_on_host(queue, a, b, c, size, batch);
    // The recursion pads every product to whole macro tiles, so the shape's padded sizes are `size`.
    const LaunchShape shape = launch_shape(geometry_, built_.defines, size);
    return enqueue_matmul(queue, kernel_, shape, a, b, c, batch,
                          fmt::format("{}, kernel matmul ({} products)", built_.source.display_path, batch));
}

cl::Event BatchedGemm::multiply_on_host(const cl::CommandQueue& queue, const cl::Buffer& a, const cl::Buffer& b,
                                        const cl::Buffer& c, Extents size, std::size_t batch) {
    const std::size_t a_size = size.rows * size.inner, b_size = size.inner * size.cols, c_size = size.rows * size.cols;
    std::vector<float> a_values(batch * a_size), b_values(batch * b_size), c_values(batch * c_size);
    queue.enqueueReadBuffer(a, CL_TRUE, 0, a_values.size() * sizeof(float), a_values.data());
    queue.enqueueReadBuffer(b, CL_TRUE, 0, b_values.size() * sizeof(float), b_values.data());
    for (std::size_t z = 0; z < batch; ++z) {
        Matrix a_z(size.rows, size.inner), b_z(size.inner, size.cols);
        std::copy_n(a_values.begin() + static_cast<std::ptrdiff_t>(z * a_size), a_size, a_z.values.begin());
        std::copy_n(b_values.begin() + static_cast<std::ptrdiff_t>(z * b_size), b_size, b_z.values.begin());
        const MatmulReference product = matmul_reference(a_z, b_z);
        std::transform(product.value.begin(), product.value.end(),
                       c_values.begin() + static_cast<std::ptrdiff_t>(z * c_size),
                       [](double v) { return static_cast<float>(v); });
    }
    // Written as a whole buffer from its start: Oclgrind 21.10 marks the bytes a host write
    // initialises from the buffer's start, without the write's offset (or a sub-buffer's), and
    // would call the last product's elements uninitialised when strassen_merge reads them. So when
    // c is a sub-buffer (a guarded view), its parent is read, patched and written back whole.
    const cl::Memory parent = c.getInfo<CL_MEM_ASSOCIATED_MEMOBJECT>();
    cl::Event written;
    if (parent() == nullptr) {
        queue.enqueueWriteBuffer(c, CL_TRUE, 0, c_values.size() * sizeof(float), c_values.data(), nullptr, &written);
        return written;
    }
    const cl::Buffer whole(parent(), true);
    const std::size_t offset = c.getInfo<CL_MEM_OFFSET>() / sizeof(float);
    std::vector<float> whole_values(whole.getInfo<CL_MEM_SIZE>() / sizeof(float));
    queue.enqueueReadBuffer(whole, CL_TRUE, 0, whole_values.size() * sizeof(float), whole_values.data());
    std::copy(c_values.begin(), c_values.end(), whole_values.begin() + static_cast<std::ptrdiff_t>(offset));
    queue.enqueueWriteBuffer(whole, CL_TRUE, 0, whole_values.size() * sizeof(float), whole_values.data(), nullptr,
                             &written);
    return written;
}

const std::string& BatchedGemm::self_test(ClSession& session) {
    // The course's reference GEMM is tested by the course's own test suite: under Oclgrind, its
    // self-test would cost more than the check of strassen.cl itself.
    if (reference_) self_test_result_ = std::string();
    if (!self_test_result_) self_test_result_ = run_self_test(session);
    return *self_test_result_;
}

namespace {

// Two products, each two macro tiles high and wide and two tile steps deep: small enough for
// Oclgrind, large enough to need every work-group index.
constexpr std::size_t kSelfTestBatch = 2;

// The batch the self-test multiplies, and what the GEMM wrote.
struct SelfTestRun {
    Extents size;
    Matrix a, b;                  // the batch's inputs, product after product
    std::vector<float> c_values;  // the batch's output, product after product
    GuardDamage damage;
};

// The first wrong product of the batch, in words, and its index (batch when all are right).
std::pair<std::string, std::size_t> first_wrong_product(const SelfTestRun& run) {
    const Extents& size = run.size;
    const std::size_t a_size = size.rows * size.inner, b_size = size.inner * size.cols, c_size = size.rows * size.cols;
    for (std::size_t z = 0; z < kSelfTestBatch; ++z) {
        Matrix a_z(size.rows, size.inner), b_z(size.inner, size.cols), c_z(size.rows, size.cols);
        std::copy_n(run.a.values.begin() + static_cast<std::ptrdiff_t>(z * a_size), a_size, a_z.values.begin());
        std::copy_n(run.b.values.begin() + static_cast<std::ptrdiff_t>(z * b_size), b_size, b_z.values.begin());
        std::copy_n(run.c_values.begin() + static_cast<std::ptrdiff_t>(z * c_size), c_size, c_z.values.begin());
        const Comparison comparison =
            compare_with_reference(matmul_reference(a_z, b_z), c_z, matmul_tolerance_factor(size.inner));
        std::string problem = verdict_text(comparison, GuardDamage{}, {"c", size.rows, size.cols});
        if (!problem.empty()) return {problem, z};
    }
    return {std::string(), kSelfTestBatch};
}

// What is wrong with the batch: the guard zones, then the first wrong product; empty when right.
std::string self_test_problem(const SelfTestRun& run, std::size_t& wrong_product) {
    auto [problem, wrong] = first_wrong_product(run);
    wrong_product = wrong;
    if (run.damage.any()) {
        problem = describe_guard_damage(run.damage, "c", kSelfTestBatch * run.size.rows, run.size.cols) +
                  (problem.empty() ? "" : "\n") + problem;
    }
    return problem;
}

// Where the self-test went wrong: "at product 1 of a batch of 2 (...)", or on the batch as a whole.
std::string self_test_place(const Extents& size, std::size_t wrong_product) {
    const std::string shape = fmt::format("{}×{}×{} each", size.rows, size.inner, size.cols);
    return wrong_product < kSelfTestBatch
               ? fmt::format("at product {} of a batch of {} ({})", wrong_product, kSelfTestBatch, shape)
               : fmt::format("on a batch of {} products ({})", kSelfTestBatch, shape);
}

// The reminder that work-group z multiplies the z-th product, when the batch reads as if it did not;
// empty otherwise. A kernel that ignores get_group_id(2) writes every product onto the first one.
std::string batched_hint(const SelfTestRun& run, std::size_t wrong_product) {
    const std::size_t c_size = run.size.rows * run.size.cols;
    bool later_never_written = false;
    for (std::size_t z = 1; z < kSelfTestBatch; ++z) {
        const auto begin = run.c_values.begin() + static_cast<std::ptrdiff_t>(z * c_size);
        later_never_written |= std::all_of(begin, begin + static_cast<std::ptrdiff_t>(c_size),
                                           [](float v) { return float_bits(v) == kUnwrittenBits; });
    }
    if (!later_never_written && wrong_product == 0) return {};
    return fmt::format(
        "\n{} work-group z of a batched launch must multiply the z-th product (the kernel's first "
        "lines move a, b and c forward by get_group_id(2) products).",
        later_never_written ? "A later product of the batch was never written:"
                            : "Product 0 is right but a later one is not:");
}

// Multiplies the self-test batch with `gemm`, into guarded, NaN-filled buffers.
SelfTestRun multiply_self_test_batch(BatchedGemm& gemm, ClSession& session) {
    const Extents tile = gemm.macro_tile();
    SelfTestRun run;
    run.size = {2 * tile.rows, 2 * tile.cols, 2 * tile.inner};
    const Extents& size = run.size;
    run.a = random_matrix(kSelfTestBatch * size.rows, size.inner, 11);
    run.b = random_matrix(kSelfTestBatch * size.inner, size.cols, 12);
    const auto& device = session.device.device;
    GuardedBuffer a_buffer(session.context, device, run.a.size(), BufferRole::input);
    GuardedBuffer b_buffer(session.context, device, run.b.size(), BufferRole::input);
    GuardedBuffer c_buffer(session.context, device, kSelfTestBatch * size.rows * size.cols, BufferRole::output);
    a_buffer.upload(session.queue, run.a.values);
    b_buffer.upload(session.queue, run.b.values);
    c_buffer.upload(session.queue);
    gemm.multiply(session.queue, a_buffer.view(), b_buffer.view(), c_buffer.view(), size, kSelfTestBatch);
    run.c_values = c_buffer.download(session.queue, &run.damage);
    return run;
}

}  // namespace

std::string BatchedGemm::run_self_test(ClSession& session) {
    const SelfTestRun run = multiply_self_test_batch(*this, session);
    std::size_t wrong_product = kSelfTestBatch;
    const std::string problem = self_test_problem(run, wrong_product);
    if (problem.empty()) return {};
    const std::string where = self_test_place(run.size, wrong_product);
    const std::string hint = batched_hint(run, wrong_product);
    if (reference_) {
        return fmt::format(
            "the course's reference GEMM ({}), which computes lab 07's products here, is wrong {}:\n{}{}\nThis is "
            "a fault of the course, not of strassen.cl: report it to the course staff.",
            built_.source.display_path, where, problem, hint);
    }
    // A student edition has no reference GEMM to offer (kernels/reference/ is left out).
    const std::string alternative =
        reference_available_ ? ", or run `lab run 07 --reference-gemm` to check strassen.cl alone with the course's "
                               "reference GEMM, as the grader does"
                             : "";
    return fmt::format(
        "lab 07 multiplies with your lab-06 kernel ({}), which is wrong {}:\n{}{}\nFinish lab 06 first (`lab run "
        "06`){}.",
        built_.source.display_path, where, problem, hint, alternative);
}

}  // namespace course
