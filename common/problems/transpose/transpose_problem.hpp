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
    std::string rate_unit() const override { return "GB/s"; }
    RateCeiling rate_ceiling() const override { return RateCeiling::copy_bandwidth; }
    SizeForm size_form() const override { return SizeForm::m_by_k; }
    const BuiltProgram& program() const override { return built_; }

private:
    LaunchShape shape(ProblemSize size) const;
    LaunchEvents launch(const cl::Buffer& a, const cl::Buffer& at, ProblemSize size);

    ClSession& session_;
    std::string geometry_;
    BuiltProgram built_;
    cl::Kernel kernel_;
};

}  // namespace course
