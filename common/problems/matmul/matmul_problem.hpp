#pragma once

#include "harness/guarded_buffer.hpp"
#include "problems/lab_problem.hpp"
#include "harness/launch_geometry.hpp"
#include "harness/matrix.hpp"

namespace course {

// Labs 03–06: C (M × N) = A (M × K) · B (K × N). For the blocked geometries the
// host pads A and B with zeros to the macro tile and crops C, so the kernel may
// assume multiples while any size works for the user.
//
// A lab whose lab.toml sets [matmul] batch = B > 1 (lab 06, whose kernel lab 07
// launches on several products at once) is checked batched: every check
// multiplies B different products in one launch, work-group z of NDRange
// dimension 2 computing the z-th, so a kernel that ignores get_group_id(2)
// fails here and not only in lab 07.
class MatmulProblem : public LabProblem {
public:
    explicit MatmulProblem(const ProblemSetup& setup);

    // With a batch, every product of it is checked (product 0 has the inputs an unbatched check would have).
    SizeVerdict check(ProblemSize size, std::uint64_t seed) override;
    TimedLaunch timed_launch(ProblemSize size, std::uint64_t seed) override;
    double work(ProblemSize size) const override;  // 2·M·N·K
    ProblemKind kind() const override { return ProblemKind::matmul; }
    const BuiltProgram& program() const override { return built_; }
    // One product (a batch of one) in `mode`.
    std::optional<EndToEndTiming> end_to_end(ProblemSize size, HostMemory mode, std::uint64_t seed) override;

    // C = A·B on the device, cropped to M × N; `damage` reports writes outside C.
    Matrix multiply(const Matrix& a, const Matrix& b, GuardDamage* damage);
    // C[z] = A[z]·B[z] for every z in one batched launch (equal sizes); `damage` reports writes outside all of C.
    std::vector<Matrix> multiply_batch(const std::vector<Matrix>& a, const std::vector<Matrix>& b,
                                       GuardDamage* damage);

    std::size_t batch() const { return batch_; }  // products per checked launch ([matmul] batch, default 1)

private:
    LaunchShape shape(ProblemSize size) const;
    LaunchEvents launch(const cl::Buffer& a, const cl::Buffer& b, const cl::Buffer& c, const LaunchShape& s);
    // What a batch that went wrong at product z says about the batch index (product 0 only when
    // the later products were never written).
    std::string batch_hint(const std::vector<Matrix>& c, const std::vector<Matrix>& a, const std::vector<Matrix>& b,
                           std::size_t z, const std::vector<std::size_t>& rows, double tolerance) const;

    ClSession& session_;
    Geometry geometry_;
    std::size_t batch_ = 1;
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

// The rows of C a check at `size` compares: all (empty) up to kFullCheckLimit multiply-adds, else a sample.
std::vector<std::size_t> matmul_check_rows(ProblemSize size);

// The verdict on one product C = A·B (already cropped to M × N) that the kernel wrote into a C of
// `padded` rows × cols, with what `damage` says about writes outside it; the fingerprint is C's bits.
SizeVerdict single_product_verdict(ProblemSize size, const Matrix& a, const Matrix& b, const Matrix& c,
                                   const GuardDamage& damage, const Extents& padded);

// Why C (cropped to M × N), read back after an end-to-end run, is not A·B on a sample of its rows; empty when right.
std::string end_to_end_problem(const Matrix& a, const Matrix& b, const Matrix& c);

// 2·M·N·K floating-point operations.
double matmul_work(ProblemSize size);

}  // namespace course
