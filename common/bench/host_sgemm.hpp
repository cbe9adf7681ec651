// OpenBLAS SGEMM on the host CPU: the "what a CPU library does" line beside a
// lab's GFLOP/s.
#pragma once

#include "description/problem_size.hpp"

namespace course {

// Median seconds of C = A·B in float through cblas_sgemm, after one warm-up.
double host_sgemm_seconds(const ProblemSize& size, int repetitions = 3);

}  // namespace course
