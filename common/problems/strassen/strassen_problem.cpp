#include "problems/strassen/strassen_problem.hpp"

#include "problems/matmul/matmul_problem.hpp"
#include "problems/reference.hpp"
#include "problems/strassen/strassen_diagnosis.hpp"
#include "problems/strassen/strassen_report.hpp"
#include "problems/strassen/strassen_verdict.hpp"
#include "problems/timed_result.hpp"

#include <fmt/format.h>

namespace course {

namespace {

// A checked run's buffers: guard zones around every level's matrices, outputs
// pre-filled with the "never written" NaN.
struct GuardedLevels {
    std::vector<GuardedBuffer> left, right, products;

    GuardedLevels(ClSession& session, const StrassenPlan& plan, const Matrix& a, const Matrix& b) {
        const auto& context = session.context;
        const auto& device = session.device.device;
        for (int level = 0; level <= plan.levels; ++level) {
            const BufferRole operand_role = level == 0 ? BufferRole::input : BufferRole::output;
            left.emplace_back(context, device, plan.left_elements(level), operand_role);
            right.emplace_back(context, device, plan.right_elements(level), operand_role);
            products.emplace_back(context, device, plan.product_elements(level), BufferRole::output);
        }
        left[0].upload(session.queue, zero_padded(a, plan.rows(0), plan.inner(0)).values);
        right[0].upload(session.queue, zero_padded(b, plan.inner(0), plan.cols(0)).values);
        for (int level = 0; level <= plan.levels; ++level) {
            const auto l = static_cast<std::size_t>(level);
            if (level > 0) left[l].upload(session.queue);
            if (level > 0) right[l].upload(session.queue);
            products[l].upload(session.queue);
        }
    }

    StrassenBuffers views() const {
        StrassenBuffers buffers;
        for (std::size_t l = 0; l < left.size(); ++l) {
            buffers.left.push_back(left[l].view());
            buffers.right.push_back(right[l].view());
            buffers.products.push_back(products[l].view());
        }
        return buffers;
    }

    ScratchReadBack read_scratch(const cl::CommandQueue& queue) const {
        ScratchReadBack scratch;
        scratch.left.resize(left.size());
        scratch.right.resize(left.size());
        scratch.products.resize(left.size());
        for (std::size_t l = 1; l < left.size(); ++l) {
            scratch.left[l].values = left[l].download(queue, &scratch.left[l].damage);
            scratch.right[l].values = right[l].download(queue, &scratch.right[l].damage);
            scratch.products[l].values = products[l].download(queue, &scratch.products[l].damage);
        }
        return scratch;
    }
};

bool same_size(const ProblemSize& x, const ProblemSize& y) {
    return x.m == y.m && x.k == y.k && x.n == y.n;
}

}  // namespace

StrassenProblem::StrassenProblem(const ProblemSetup& setup) : StrassenProblem(setup, strassen_gemm_settings(setup)) {}

StrassenProblem::StrassenProblem(const ProblemSetup& setup, const StrassenGemmSettings& gemm)
    : session_(*setup.session),
      spec_(*setup.spec),
      levels_(strassen_levels(setup.defines)),
      kernels_(*setup.session, setup.source, setup.defines),
      gemm_(setup, gemm) {}

StrassenPlan StrassenProblem::plan(ProblemSize size, int levels) const {
    return strassen_plan(size, levels, gemm_.macro_tile());
}

SizeVerdict StrassenProblem::check(ProblemSize size, std::uint64_t seed) {
    return check_at(size, seed, levels_);
}

SizeVerdict StrassenProblem::check_at(ProblemSize size, std::uint64_t seed, int levels) {
    if (const std::string& gemm_problem = gemm_.self_test(session_); !gemm_problem.empty()) {
        // The whole story once; a reminder at the sizes after it.
        const std::string reminder =
            gemm_.is_reference()
                ? fmt::format("the course's reference GEMM ({}) is wrong (details at the first size checked).",
                              gemm_.display_path())
                : fmt::format(
                      "lab 07 multiplies with your lab-06 kernel ({}), which is wrong (details at the first size "
                      "checked). Finish lab 06 first (`lab run 06`){}.",
                      gemm_.display_path(),
                      gemm_.reference_available() ? ", or run `lab run 07 --reference-gemm`" : "");
        if (!gemm_failure_told_at_) gemm_failure_told_at_ = size;
        const ProblemSize& at = *gemm_failure_told_at_;
        const bool told = at.m != size.m || at.k != size.k || at.n != size.n;
        return {size, false, told ? reminder : gemm_problem, 0,
                gemm_.is_reference() ? "the course's reference GEMM is wrong" : "your lab-06 kernel is wrong"};
    }
    const Matrix a = random_matrix(size.m, size.k, seed);
    const Matrix b = random_matrix(size.k, size.n, seed + 1);
    const double multiply_adds =
        static_cast<double>(size.m) * static_cast<double>(size.n) * static_cast<double>(size.k);
    const auto rows = multiply_adds > kFullCheckLimit ? sample_rows(size.m, 64) : std::vector<std::size_t>{};
    const MatmulReference reference = matmul_reference(a, b, rows);
    // Strassen's kernels, then Winograd's when the file has them: each is graded on its own.
    std::string text;
    std::uint64_t fingerprint = 0;  // of every variant's C: two identical checks give the same one
    for (const StrassenVariant variant : kernels_.variants()) {
        const VariantCheck checked = check_variant(variant, reference, a, b, levels);
        fingerprint = fingerprint * 1099511628211ull ^ checked.fingerprint;
        if (checked.problem.empty()) continue;
        const StrassenScheme& scheme = strassen_scheme(variant);
        if (!text.empty()) text += "\n";
        if (kernels_.variants().size() > 1) {  // say which pair, when the file has both
            text += fmt::format("{}'s variant ({}, {}) is wrong:\n", scheme.title, scheme.split_kernel,
                                scheme.merge_kernel);
        }
        text += checked.problem;
    }
    return {size, text.empty(), text, fingerprint, {}};
}

StrassenProblem::VariantCheck StrassenProblem::check_variant(StrassenVariant variant, const MatmulReference& reference,
                                                             const Matrix& a, const Matrix& b, int levels) {
    const ProblemSize size{a.rows, a.cols, b.cols};
    const StrassenScheme& scheme = strassen_scheme(variant);
    const StrassenPlan p = plan(size, levels);
    const GuardedLevels buffers(session_, p, a, b);
    enqueue_strassen(session_.queue, kernels_, variant, gemm_, p, buffers.views());
    GuardDamage damage;
    Matrix c(p.rows(0), p.cols(0));
    c.values = buffers.products[0].download(session_.queue, &damage);
    c = top_left(c, size.m, size.n);

    std::string text = scratch_findings(scheme, p, buffers.read_scratch(session_.queue));
    const std::string quadrants =
        quadrant_verdict(scheme, reference, c, strassen_tolerance_factor(size.k, levels), p, damage);
    if (!text.empty() && quadrants.find("never written") != std::string::npos) {
        text +=
            " The NaN marker of what was never written travels into C: the elements of C called \"never "
            "written\" below come from it.";
    }
    if (!quadrants.empty()) text += (text.empty() ? "" : "\n") + quadrants;
    if (!text.empty() && levels > 0) text += "\n" + diagnosis(variant);
    return {text, bit_fingerprint(c)};
}

std::string StrassenProblem::diagnosis(StrassenVariant variant) {
    // Quadrants as small as a real run's, with half_m, half_k and half_n all different.
    const Extents tile = gemm_.macro_tile();
    const StrassenScheme& scheme = strassen_scheme(variant);
    const std::string found =
        diagnose_strassen_kernels(session_, kernels_, variant, {tile.rows, 2 * tile.cols, 2 * tile.inner});
    return found.empty() ? fmt::format(
                               "Run alone on one level, {} and {} match every formula: look at how they "
                               "find a node's matrices (node z's A starts at a + 4·z·half_m·half_k, its rows "
                               "are 2·half_k long) and at what changes between levels.",
                               scheme.split_kernel, scheme.merge_kernel)
                         : found;
}

std::shared_ptr<StrassenBuffers> StrassenProblem::buffers_for(ProblemSize size, const StrassenPlan& p) {
    if (!same_size(size, buffered_size_)) {
        buffers_.clear();
        buffered_size_ = size;
    }
    auto& slot = buffers_[p.levels];
    if (!slot) {
        slot = std::make_shared<StrassenBuffers>(allocate_strassen_buffers(session_.context, p));
        const Matrix a = random_matrix(p.rows(0), p.inner(0), 1);
        const Matrix b = random_matrix(p.inner(0), p.cols(0), 2);
        session_.queue.enqueueWriteBuffer(slot->left[0], CL_TRUE, 0, a.size() * sizeof(float), a.values.data());
        session_.queue.enqueueWriteBuffer(slot->right[0], CL_TRUE, 0, b.size() * sizeof(float), b.values.data());
    }
    return slot;
}

std::function<StrassenEvents()> StrassenProblem::run(ProblemSize size, int levels) {
    const StrassenPlan p = plan(size, levels);
    const std::shared_ptr<StrassenBuffers> buffers = buffers_for(size, p);
    return [this, p, buffers] {
        return enqueue_strassen(session_.queue, kernels_, StrassenVariant::strassen, gemm_, p, *buffers);
    };
}

StrassenProblem::TimedRun StrassenProblem::timed_run(ProblemSize size, int levels, std::uint64_t seed) {
    const StrassenPlan p = plan(size, levels);
    const Matrix a = random_matrix(size.m, size.k, seed);
    const Matrix b = random_matrix(size.k, size.n, mixed_seed(seed, 1));
    const Matrix a_in = zero_padded(a, p.rows(0), p.inner(0));
    const Matrix b_in = zero_padded(b, p.inner(0), p.cols(0));
    const auto buffers = std::make_shared<StrassenBuffers>(allocate_strassen_buffers(session_.context, p));
    // Never given to a kernel: A and B are copied back from these before every run.
    const cl::Buffer a_untouched(session_.context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, a_in.size() * sizeof(float),
                                 const_cast<float*>(a_in.values.data()));
    const cl::Buffer b_untouched(session_.context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, b_in.size() * sizeof(float),
                                 const_cast<float*>(b_in.values.data()));
    const DeviceMatrix c{buffers->products[0], size.m, size.n, p.cols(0)};
    const auto check =
        std::make_shared<MatmulResultCheck>(a, b, strassen_tolerance_factor(size.k, levels), mixed_seed(seed, 2));
    TimedRun timed;
    timed.prepare = [this, p, buffers, a_untouched, b_untouched] {
        const auto& queue = session_.queue;
        queue.enqueueCopyBuffer(a_untouched, buffers->left[0], 0, 0, p.left_elements(0) * sizeof(float));
        queue.enqueueCopyBuffer(b_untouched, buffers->right[0], 0, 0, p.right_elements(0) * sizeof(float));
        for (int level = 0; level <= p.levels; ++level) {
            const auto l = static_cast<std::size_t>(level);
            if (level > 0) {
                enqueue_unwritten_fill(queue, buffers->left[l], p.left_elements(level) * sizeof(float));
                enqueue_unwritten_fill(queue, buffers->right[l], p.right_elements(level) * sizeof(float));
            }
            enqueue_unwritten_fill(queue, buffers->products[l], p.product_elements(level) * sizeof(float));
        }
    };
    timed.run = [this, p, buffers] {
        return enqueue_strassen(session_.queue, kernels_, StrassenVariant::strassen, gemm_, p, *buffers);
    };
    timed.check = [this, check, c](ResultCheck depth) { return (*check)(session_.queue, c, depth); };
    return timed;
}

TimedLaunch StrassenProblem::timed_launch(ProblemSize size, std::uint64_t seed) {
    const TimedRun timed = timed_run(size, levels_, seed);
    TimedLaunch launch;
    launch.prepare = timed.prepare;
    const auto run = timed.run;
    launch.launch = [run] {
        const StrassenEvents events = run();
        return LaunchEvents{events.first, events.last};
    };
    launch.check = timed.check;
    return launch;
}

Matrix StrassenProblem::multiply(const Matrix& a, const Matrix& b, int levels, StrassenVariant variant) {
    const ProblemSize size{a.rows, a.cols, b.cols};
    const StrassenPlan p = plan(size, levels);
    const std::shared_ptr<StrassenBuffers> buffers = buffers_for(size, p);
    const Matrix a_in = zero_padded(a, p.rows(0), p.inner(0));
    const Matrix b_in = zero_padded(b, p.inner(0), p.cols(0));
    session_.queue.enqueueWriteBuffer(buffers->left[0], CL_TRUE, 0, a_in.size() * sizeof(float), a_in.values.data());
    session_.queue.enqueueWriteBuffer(buffers->right[0], CL_TRUE, 0, b_in.size() * sizeof(float), b_in.values.data());
    enqueue_strassen(session_.queue, kernels_, variant, gemm_, p, *buffers);
    Matrix c(p.rows(0), p.cols(0));
    session_.queue.enqueueReadBuffer(buffers->products[0], CL_TRUE, 0, c.size() * sizeof(float), c.values.data());
    return top_left(c, size.m, size.n);
}

double StrassenProblem::work(ProblemSize size) const {
    return 2.0 * static_cast<double>(size.m) * static_cast<double>(size.n) * static_cast<double>(size.k);
}

std::string StrassenProblem::extra_report(ProblemSize size) {
    return accuracy_report(*this, size) + speed_report(*this, size);
}

}  // namespace course
