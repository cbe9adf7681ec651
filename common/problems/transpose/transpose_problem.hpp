#pragma once

#include "problems/lab_problem.hpp"
#include "harness/launch_geometry.hpp"

namespace course {

class TransposeProblem : public LabProblem {
public:
    explicit TransposeProblem(const ProblemSetup& setup);

    SizeVerdict check(ProblemSize size, std::uint64_t seed) override;
    TimedLaunch timed_launch(ProblemSize size, std::uint64_t seed) override;
    double work(ProblemSize size) const override;  // bytes read + written
    ProblemKind kind() const override { return ProblemKind::transpose; }
    const BuiltProgram& program() const override { return built_; }

private:
    LaunchShape shape(ProblemSize size) const;
    LaunchEvents launch(const cl::Buffer& a, const cl::Buffer& at, ProblemSize size);

    ClSession& session_;
    Geometry geometry_;
    BuiltProgram built_;
    cl::Kernel kernel_;
};

}  // namespace course
