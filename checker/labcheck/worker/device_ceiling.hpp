// The device's limit a lab's rate is compared with, measured in the speedup job
// (same process, same device): for a transpose a copy of the same bytes between its own
// buffers, timed in the same rounds as the kernels (common/bench/copy_bandwidth.hpp); for a
// product the FMA peak, right after the timing (common/bench/fma_peak.hpp). The leaderboard
// shows the kernel's share of it.
#pragma once

#include "bench/copy_bandwidth.hpp"
#include "harness/cl_session.hpp"
#include "problems/lab_problem.hpp"

#include "protocol/worker_events.hpp"

#include <filesystem>
#include <string>
#include <vector>

namespace labcheck {

// The copies to time beside a bandwidth-bound submission: none for a product, or when the copy
// could not be built (why_not says so; the speedup verdict never depends on them).
struct CopyBeside {
    course::CopiesBeside copies;
    std::string why_not;
};

CopyBeside copy_beside(course::ClSession& session, const std::filesystem::path& root,
                       const course::LabProblem& problem, const course::TimedLaunch& submission);

// The rate event of a right timing: the kernel's rate at `size` in its unit, and the ceiling
// when it could be measured (else ceiling_error says why not). A transpose's ceiling is the
// copy of `copy`, from `timings` (the interleaved timing that began with its launches); a
// product's is the FMA peak, measured here.
RateEvent rate_event(course::ClSession& session, const std::filesystem::path& root,
                     const course::LabProblem& problem, const course::ProblemSize& size, double seconds,
                     const CopyBeside& copy, const std::vector<course::Timing>& timings);

}  // namespace labcheck
