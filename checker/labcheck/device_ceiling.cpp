#include "device_ceiling.hpp"

#include "bench/copy_bandwidth.hpp"
#include "bench/fma_peak.hpp"

#include <CL/opencl.hpp>

namespace labcheck {

RateEvent rate_event(course::ClSession& session, const std::filesystem::path& root,
                     const course::LabProblem& problem, const course::ProblemSize& size, double seconds) {
    const double work = problem.work(size);
    RateEvent event;
    event.rate = work / seconds * 1e-9;
    event.unit = problem.rate_unit();
    event.ceiling_kind = problem.rate_ceiling();
    try {
        if (event.ceiling_kind == course::RateCeiling::copy_bandwidth) {
            // The same bytes as the transpose moves: half read, half written.
            event.ceiling = course::measure_copy_bandwidth(session, root, static_cast<std::size_t>(work / 2)).best_gbs();
        } else {
            event.ceiling = course::measure_fma_peak(session, root).gflops();
        }
    } catch (const std::exception& error) {  // no share then; the stage's verdict does not depend on it
        event.ceiling_error = error.what();
    }
    return event;
}

}  // namespace labcheck
