// The device's limit a lab's rate is compared with, measured in the speedup job
// right after the timing (same process, same device): the copy bandwidth for a
// transpose (common/bench/copy_bandwidth.hpp), the FMA peak for a product
// (common/bench/fma_peak.hpp). The leaderboard shows the kernel's share of it.
#pragma once

#include "harness/cl_session.hpp"
#include "problems/lab_problem.hpp"

#include "worker_events.hpp"

#include <filesystem>

namespace labcheck {

// The rate event of a right timing: the kernel's rate at `size` in its unit, and the ceiling
// when it could be measured (else ceiling_error says why not).
RateEvent rate_event(course::ClSession& session, const std::filesystem::path& root,
                          const course::LabProblem& problem, const course::ProblemSize& size, double seconds);

}  // namespace labcheck
