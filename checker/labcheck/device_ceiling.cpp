#include "device_ceiling.hpp"

#include "bench/copy_bandwidth.hpp"
#include "bench/fma_peak.hpp"

#include <CL/opencl.hpp>

namespace labcheck {

nlohmann::json rate_event(course::ClSession& session, const std::filesystem::path& root,
                          const course::LabProblem& problem, const course::ProblemSize& size, double seconds) {
    const double work = problem.work(size);
    nlohmann::json event{{"event", "rate"}, {"unit", problem.rate_unit()}, {"rate", work / seconds * 1e-9}};
    try {
        if (problem.rate_ceiling() == course::RateCeiling::copy_bandwidth) {
            // The same bytes as the transpose moves: half read, half written.
            const auto copy = course::measure_copy_bandwidth(session, root, static_cast<std::size_t>(work / 2));
            event["ceiling"] = copy.best_gbs();
            event["ceiling_name"] = "copy bandwidth";
        } else {
            event["ceiling"] = course::measure_fma_peak(session, root).gflops();
            event["ceiling_name"] = "FMA peak";
        }
    } catch (const std::exception& error) {  // no share then; the stage's verdict does not depend on it
        event["ceiling_error"] = error.what();
    }
    return event;
}

}  // namespace labcheck
