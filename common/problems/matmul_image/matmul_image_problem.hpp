#pragma once

#include "harness/guarded_buffer.hpp"
#include "harness/launch_geometry.hpp"
#include "harness/matrix.hpp"
#include "problems/lab_problem.hpp"

namespace course {

// Lab 08: C (M × N) = A (M × K) · B (K × N) with B read through the texture
// path: A and C are buffers (guard zones and the NaN fill as in labs 03–06), B is
// a read-only CL_RGBA / CL_FLOAT image of N/4 × K texels, texel (x, y) holding
// b[y][4x .. 4x+3]. The host pads A and B to the macro tile of the geometry (N
// to a multiple of 4 as well) and crops C, as labs 05–06 do; the checks and the
// timed results are those of the matrix product (problems/matmul/).
class MatmulImageProblem : public LabProblem {
public:
    // Throws UserError when the device has no image support, before building anything.
    explicit MatmulImageProblem(const ProblemSetup& setup);

    SizeVerdict check(ProblemSize size, std::uint64_t seed) override;
    // B is an image the kernel can only read (the contract's __read_only), so only C is refilled
    // before every launch.
    TimedLaunch timed_launch(ProblemSize size, std::uint64_t seed) override;
    double work(ProblemSize size) const override;  // 2·M·N·K
    ProblemKind kind() const override { return ProblemKind::matmul_image; }
    const BuiltProgram& program() const override { return built_; }
    // A, B (the image) and C in `mode`.
    std::optional<EndToEndTiming> end_to_end(ProblemSize size, HostMemory mode, std::uint64_t seed) override;

    // C = A·B on the device, cropped to M × N; `damage` reports writes outside C.
    Matrix multiply(const Matrix& a, const Matrix& b, GuardDamage* damage);

private:
    // The launch shape of the geometry; throws UserError when its N padding is not a multiple of 4.
    LaunchShape shape(ProblemSize size) const;
    // B zero-padded to the shape, as an image (throws UserError when the device cannot hold it).
    cl::Image2D b_image(const Matrix& b, const LaunchShape& s) const;
    cl::Event launch(const cl::Buffer& a, const cl::Image2D& b, const cl::Buffer& c, const LaunchShape& s);

    ClSession& session_;
    Geometry geometry_;
    BuiltProgram built_;
    cl::Kernel kernel_;
};

}  // namespace course
