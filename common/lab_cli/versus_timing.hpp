// `lab run NN --versus ...`: the student's kernel and a second kernel timed interleaved (the same
// machine state for both), each with its spread, and one sentence on whether the difference is
// larger than the noise. On a CPU device the same kernel's rate can double from run to run: two
// figures from two separate runs cannot answer "which is faster?", this can. The second kernel is
// the same file at other defines, an earlier file of the student's own, another lab's kernel that
// computes the same, or the lab's baseline (versus_choice.hpp); all but the baseline work in the
// student edition.
#pragma once

#include "lab_opening.hpp"
#include "problems/lab_problem.hpp"
#include "versus_choice.hpp"

#include <string>
#include <vector>

namespace course {

// Throws UserError, before any kernel is checked, when the choice cannot be met here: the baseline
// where the lab has none (no [speedup], or the student edition, which has no kernels/baselines/), a
// file that cannot be read, a lab that does not exist or computes something else.
void require_versus_opponent(const OpenedLab& lab, const VersusChoice& versus);

// Times `mine` (built at `defines`) beside the choice at `size`. Returns false when either result was
// wrong at the timed size, or the other kernel does not build.
bool print_versus(OpenedLab& lab, LabProblem& mine, const Defines& defines, const VersusChoice& versus,
                  const ProblemSize& size, std::uint64_t seed, int repeat);

}  // namespace course
