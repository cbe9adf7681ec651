// One configuration of `lab tune`: the lab's kernel built with a set of
// defines and checked at the lab's check sizes before it is timed. A
// configuration the device cannot build, launch or get right is skipped, with
// the reason in one line.
#pragma once

#include "harness/cl_session.hpp"
#include "problems/lab_problem.hpp"
#include "description/problem_size.hpp"

#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace course {

struct Trial {
    std::unique_ptr<LabProblem> problem;  // built and right at every check size; null when skipped
    std::string skipped;                  // why it was skipped, one line; empty when it was not
};

// Builds the lab from `kernels` with `overrides` on top of its defaults and
// checks it at `check_sizes`; the geometry must also allow the size `timed`.
// `built`, when given, is called once the kernel has built, before the first check
// (`lab tune` notes there that a crash from then on is the kernel's running, not the compiler).
Trial prepare_trial(ClSession& session, const std::filesystem::path& root, const LabSpec& spec,
                    const KernelSet& kernels, const Defines& overrides, const std::vector<ProblemSize>& check_sizes,
                    const ProblemSize& timed, std::uint64_t seed, const std::function<void()>& built = {});

}  // namespace course
