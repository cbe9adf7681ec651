#include "timing.hpp"

#include <algorithm>

namespace course {

double elapsed_seconds(const LaunchEvents& events) {
    const auto start = events.first.getProfilingInfo<CL_PROFILING_COMMAND_START>();
    const auto end = events.last.getProfilingInfo<CL_PROFILING_COMMAND_END>();
    return end > start ? static_cast<double>(end - start) * 1e-9 : 0.0;
}

double median(std::vector<double> samples) {
    std::sort(samples.begin(), samples.end());
    const std::size_t mid = samples.size() / 2;
    return samples.size() % 2 == 1 ? samples[mid] : 0.5 * (samples[mid - 1] + samples[mid]);
}

Timing time_launch(const cl::CommandQueue& queue, const Launch& launch, const TimingPlan& plan) {
    return time_interleaved(queue, {launch}, plan).front();
}

std::vector<Timing> time_interleaved(const cl::CommandQueue& queue, const std::vector<Launch>& launches,
                                     const TimingPlan& plan) {
    for (int w = 0; w < plan.warmups; ++w) {
        for (const auto& launch : launches) launch();
    }
    queue.finish();
    std::vector<std::vector<double>> samples(launches.size());
    double slowest_total = 0.0;
    for (int rep = 0; rep < plan.max_repetitions; ++rep) {
        if (rep >= plan.min_repetitions && slowest_total >= plan.min_total_seconds) break;
        double round_max = 0.0;
        for (std::size_t i = 0; i < launches.size(); ++i) {
            const LaunchEvents events = launches[i]();
            events.last.wait();
            const double seconds = elapsed_seconds(events);
            samples[i].push_back(seconds);
            round_max = std::max(round_max, seconds);
        }
        slowest_total += round_max;
    }
    std::vector<Timing> timings;
    for (const auto& s : samples) {
        timings.push_back({median(s), *std::min_element(s.begin(), s.end()), static_cast<int>(s.size())});
    }
    return timings;
}

}  // namespace course
