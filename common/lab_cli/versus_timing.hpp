// `lab run NN --versus ...`: the student's kernel and a second configuration
// timed interleaved (the same machine state for both), each with its spread,
// and one sentence on whether the difference is larger than the noise. On a
// CPU device the same kernel's rate can double from run to run: two figures
// from two separate runs cannot answer "which is faster?", this can.
#pragma once

#include "lab_opening.hpp"
#include "problems/lab_problem.hpp"

#include <string>
#include <vector>

namespace course {

// Throws UserError when `versus` is {"baseline"} and the lab has none here (no [speedup], or the
// student edition, which has no kernels/baselines/): said before any kernel is checked.
void require_versus_opponent(const OpenedLab& lab, const std::vector<std::string>& versus);

// `versus` is {"baseline"} (the lab's [speedup] baseline) or NAME=VALUE defines put on top of
// `defines` (the student's kernel's). Returns false when either result was wrong at the timed size.
bool print_versus(OpenedLab& lab, LabProblem& mine, const Defines& defines, const std::vector<std::string>& versus,
                  const ProblemSize& size, std::uint64_t seed, int repeat);

}  // namespace course
