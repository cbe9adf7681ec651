// One size checked twice, on fresh NaN-filled outputs: a kernel whose result
// changes between two identical launches has undefined behaviour (a read of
// uninitialised local memory, a race), and a grade taken from one launch of it
// would change from run to run. `lab run` and labcheck both check this way, each launch starting
// from NaN in __local memory on PoCL (harness/local_poison.hpp), whatever ran before.
#pragma once

#include "problems/lab_problem.hpp"

#include <cstdint>

namespace course {

struct RepeatedVerdict {
    SizeVerdict verdict;    // the first run's, made wrong when the two differ
    bool unstable = false;  // the two runs differ (in their bits, or in what the comparison found)
};

// Throws what LabProblem::check throws.
RepeatedVerdict check_twice(LabProblem& problem, const ProblemSize& size, std::uint64_t seed);

}  // namespace course
