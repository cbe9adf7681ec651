// What `lab run 07` prints after the timing: Strassen's accuracy cost and its
// speed, each for LEVELS = 0 (the lab-06 GEMM alone) to 3.
//
// Accuracy: for each size of [strassen] accuracy_sizes in lab.toml up to the
// timed size, and the timed size itself, the max-norm relative error
//     max |C − C_exact| / max |C_exact|
// where C_exact is the product of the same float inputs in double precision
// (seed 1, uniform in [-1, 1)); and how much of the check's tolerance the worst
// element used.
// Speed: at the timed size, every level count run interleaved on buffers
// allocated once: median time, effective GFLOP/s (2·M·N·K / time, the real
// sizes, not the padded ones), ratio to LEVELS = 0, and the time and bandwidth
// of the splits and merges (everything but the GEMM).
#pragma once

#include "description/problem_size.hpp"

#include <string>
#include <vector>

namespace course {

class StrassenProblem;

// The sizes of the accuracy table at `timed`: the lab's accuracy sizes no larger than it, then it.
std::vector<ProblemSize> accuracy_sizes(const StrassenProblem& problem, ProblemSize timed);

std::string accuracy_report(StrassenProblem& problem, ProblemSize timed);
std::string speed_report(StrassenProblem& problem, ProblemSize timed);

}  // namespace course
