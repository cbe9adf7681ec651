#include "worker/device_ceiling.hpp"

#include "bench/copy_bandwidth.hpp"
#include "bench/fma_peak.hpp"

#include <CL/opencl.hpp>

namespace labcheck {

CopyBeside copy_beside(course::ClSession& session, const std::filesystem::path& root,
                       const course::LabProblem& problem, const course::TimedLaunch& submission) {
    CopyBeside beside;
    if (problem.rate_ceiling() != course::RateCeiling::copy_bandwidth) return beside;
    if (!submission.same_bytes) {
        beside.why_not = "no share of the copy bandwidth: the lab's problem driver names no buffers for a copy of the same bytes (TimedLaunch::same_bytes)";
        return beside;
    }
    try {
        beside.copies = course::copies_beside(session, root, submission);
    } catch (const std::exception& error) {  // no share then; the stage's verdict does not depend on it
        beside.why_not = error.what();
    }
    return beside;
}

RateEvent rate_event(course::ClSession& session, const std::filesystem::path& root,
                     const course::LabProblem& problem, const course::ProblemSize& size, double seconds,
                     const CopyBeside& copy, const std::vector<course::Timing>& timings) {
    RateEvent event;
    event.rate = problem.work(size) / seconds * 1e-9;
    event.unit = problem.rate_unit();
    event.ceiling_kind = problem.rate_ceiling();
    if (event.ceiling_kind == course::RateCeiling::copy_bandwidth) {
        if (!copy.copies.launches.empty()) {
            event.ceiling = copy.copies.bandwidth(timings).best_gbs();
        } else {
            event.ceiling_error = copy.why_not;
        }
        return event;
    }
    try {
        event.ceiling = course::measure_fma_peak(session, root).gflops();
    } catch (const std::exception& error) {  // no share then; the stage's verdict does not depend on it
        event.ceiling_error = error.what();
    }
    return event;
}

}  // namespace labcheck
