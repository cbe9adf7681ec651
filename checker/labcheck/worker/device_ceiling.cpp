#include "worker/device_ceiling.hpp"

#include "bench/copy_bandwidth.hpp"
#include "bench/fma_peak.hpp"
#include "bench/share_meaning.hpp"
#include "harness/timing_spread.hpp"

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
    } else {
        try {
            event.ceiling = course::measure_compute_limit(session, root).gflops;
            event.cpu_limit = session.device.device_class == course::DeviceClass::cpu;
        } catch (const std::exception& error) {  // no share then; the stage's verdict does not depend on it
            event.ceiling_error = error.what();
        }
    }
    // The submission's own timing is the last of `timings` (worker.cpp times the copies first).
    const double spread = timings.empty() ? 0.0 : course::relative_spread(timings.back());
    if (event.ceiling) {
        const std::string why = course::share_not_meaningful(session.device.device_class, event.rate, *event.ceiling,
                                                             spread, 0.0);
        if (!why.empty()) {
            event.ceiling.reset();  // no share on the leaderboard
            event.ceiling_error = why;
        }
    }
    return event;
}

}  // namespace labcheck
