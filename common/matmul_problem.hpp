#pragma once

#include "guarded_buffer.hpp"
#include "lab_problem.hpp"
#include "launch_geometry.hpp"
#include "matrix.hpp"

namespace course {

// Labs 03–06: C (M × N) = A (M × K) · B (K × N). For the blocked geometries the
// host pads A and B with zeros to the macro tile and crops C, so the kernel may
// assume multiples while any size works for the user.
class MatmulProblem : public LabProblem {
public:
    explicit MatmulProblem(const ProblemSetup& setup);

    SizeVerdict check(ProblemSize size, std::uint64_t seed) override;
    TimedLaunch timed_launch(ProblemSize size, std::uint64_t seed) override;
    double work(ProblemSize size) const override;  // 2·M·N·K
    std::string rate_unit() const override { return "GFLOP/s"; }
    SizeForm size_form() const override { return SizeForm::m_by_k_by_n; }
    const BuiltProgram& program() const override { return built_; }

    // C = A·B on the device, cropped to M × N; `damage` reports writes outside C.
    Matrix multiply(const Matrix& a, const Matrix& b, GuardDamage* damage);

private:
    LaunchShape shape(ProblemSize size) const;
    LaunchEvents launch(const cl::Buffer& a, const cl::Buffer& b, const cl::Buffer& c, const LaunchShape& s);

    ClSession& session_;
    std::string geometry_;
    BuiltProgram built_;
    cl::Kernel kernel_;
};

// Sets the matmul contract's six arguments (A, B, C and the padded M, K, N of
// `shape`) and enqueues one launch; `batch` > 1 stacks that many equally sized
// products along NDRange dimension 2 (lab 07). `where` names the kernel in errors.
cl::Event enqueue_matmul(const cl::CommandQueue& queue, cl::Kernel& kernel, const LaunchShape& shape,
                         const cl::Buffer& a, const cl::Buffer& b, const cl::Buffer& c, std::size_t batch,
                         const std::string& where);

// Above this many multiply-adds, a check compares a sample of rows of C, not all of them.
constexpr double kFullCheckLimit = 1u << 30;

}  // namespace course
