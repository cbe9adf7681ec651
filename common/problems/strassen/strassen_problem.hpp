// Lab 07's host driver: C (M × N) = A (M × K) · B (K × N) through LEVELS levels
// of Strassen (LEVELS = 0: the lab-06 GEMM alone), with the student's
// strassen_split and strassen_merge and the lab-06 GEMM for the products.
// Sizes are padded with zeros to 2^LEVELS × the GEMM's macro tile and C is
// cropped, so any size works.
#pragma once

#include "harness/matrix.hpp"
#include "problems/lab_problem.hpp"
#include "problems/reference.hpp"
#include "problems/strassen/strassen_gemm.hpp"
#include "problems/strassen/strassen_kernels.hpp"
#include "problems/strassen/strassen_plan.hpp"
#include "problems/strassen/strassen_recursion.hpp"

#include <functional>
#include <map>
#include <optional>
#include <memory>

namespace course {

class StrassenProblem : public LabProblem {
public:
    // The GEMM as the generic setup asks (strassen_gemm_settings), or as `gemm` says.
    explicit StrassenProblem(const ProblemSetup& setup);
    StrassenProblem(const ProblemSetup& setup, const StrassenGemmSettings& gemm);

    SizeVerdict check(ProblemSize size, std::uint64_t seed) override;
    TimedLaunch timed_launch(ProblemSize size, std::uint64_t seed) override;
    double work(ProblemSize size) const override;  // 2·M·N·K of the size asked for, not the padded one
    ProblemKind kind() const override { return ProblemKind::strassen; }
    const BuiltProgram& program() const override { return kernels_.program(); }
    // The accuracy table (LEVELS 0..3 over the lab's accuracy sizes) and the speed
    // table (LEVELS 0..3 at `size`): see strassen_report.hpp.
    std::string extra_report(ProblemSize size) override;
    std::string setup_note() const override { return gemm_.fallback_note(); }
    std::string other_kernels() const override { return "the lab-06 GEMM it multiplies with, " + gemm_.display_path(); }

    int levels() const { return levels_; }  // the LEVELS define
    // check() at another level count, with the same built kernels: Strassen's kernels, and
    // Winograd's too when the file defines them (each named in the verdict).
    SizeVerdict check_at(ProblemSize size, std::uint64_t seed, int levels);
    StrassenPlan plan(ProblemSize size, int levels) const;
    // A run at `levels` levels on buffers allocated once for this size and level
    // count (inputs are random); each call enqueues one whole multiplication.
    std::function<StrassenEvents()> run(ProblemSize size, int levels);
    // A run to time at `levels` levels, on buffers of its own and inputs seeded with `seed`: before
    // every run, C and every level's scratch matrices are refilled with the "never written" NaN and
    // A and B restored; after it, check() compares C with the reference (timed_result.hpp).
    struct TimedRun {
        std::function<void()> prepare;
        std::function<StrassenEvents()> run;
        std::function<std::string(ResultCheck)> check;
    };
    TimedRun timed_run(ProblemSize size, int levels, std::uint64_t seed);
    // C = A·B at `levels` levels with `variant`'s kernels, on those same buffers (no guard zones, no checks).
    Matrix multiply(const Matrix& a, const Matrix& b, int levels, StrassenVariant variant = StrassenVariant::strassen);
    // The variants the kernel file defines (Strassen's always, Winograd's optionally).
    const std::vector<StrassenVariant>& variants() const { return kernels_.variants(); }

    const LabSpec& spec() const { return spec_; }
    ClSession& session() { return session_; }
    const BatchedGemm& gemm() const { return gemm_; }

private:
    struct VariantCheck {
        std::string problem;            // empty when right
        std::uint64_t fingerprint = 0;  // bit_fingerprint of C
    };
    VariantCheck check_variant(StrassenVariant variant, const MatmulReference& reference, const Matrix& a,
                               const Matrix& b, int levels);
    std::shared_ptr<StrassenBuffers> buffers_for(ProblemSize size, const StrassenPlan& plan);
    std::string diagnosis(StrassenVariant variant);

    ClSession& session_;
    const LabSpec& spec_;
    int levels_;
    StrassenKernels kernels_;
    BatchedGemm gemm_;
    // Buffers of the size last asked for, one set per level count (freed when another size is asked for).
    ProblemSize buffered_size_;
    std::map<int, std::shared_ptr<StrassenBuffers>> buffers_;
    // The size at which the lab-06 GEMM's failure was reported in full: there it is told in full
    // again (a size is checked twice, and two identical checks must say the same), elsewhere in short.
    std::optional<ProblemSize> gemm_failure_told_at_;
};

}  // namespace course
