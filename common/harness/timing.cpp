#include "harness/timing.hpp"

#include <algorithm>


namespace course {

namespace {

// The timed launch (counting from 0, below `count`) that gets the whole-result check besides the last.
int chosen_launch(std::uint64_t seed, int count) {
    // splitmix64: a well-mixed number from any seed, the same on every machine.
    std::uint64_t z = seed + 0x9E3779B97F4A7C15ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
    return static_cast<int>(z % static_cast<std::uint64_t>(std::max(count, 1)));
}

// One timed launch, prepared first (outside the measure): its device time.
double timed_once(const cl::CommandQueue& queue, const TimedLaunch& launch);

// Whether the plan's rounds are done after `rounds` rounds whose slowest launches took
// `slowest_total` seconds: its minimum timed, or its early answer given (`seconds` so far).
bool rounds_done(const TimingPlan& plan, int rounds, double slowest_total,
                 const std::vector<std::vector<double>>& seconds) {
    if (slowest_total < plan.min_total_seconds) return false;
    if (rounds >= plan.min_repetitions) return true;
    return plan.answered && rounds == plan.early_look && plan.answered(seconds);
}

// A launch's statistics from its timed seconds.
void summarise(Timing& timing, const std::vector<double>& seconds) {
    timing.repetitions = static_cast<int>(seconds.size());
    timing.device_seconds = seconds;
    if (seconds.empty()) return;
    timing.median_seconds = median(seconds);
    timing.min_seconds = *std::min_element(seconds.begin(), seconds.end());
    timing.max_seconds = *std::max_element(seconds.begin(), seconds.end());
    timing.q1_seconds = quantile(seconds, 0.25);
    timing.q3_seconds = quantile(seconds, 0.75);
}

}  // namespace

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

double quantile(std::vector<double> samples, double q) {
    std::sort(samples.begin(), samples.end());
    const double position = std::clamp(q, 0.0, 1.0) * static_cast<double>(samples.size() - 1);
    const auto below = static_cast<std::size_t>(position);
    const std::size_t above = std::min(below + 1, samples.size() - 1);
    const double fraction = position - static_cast<double>(below);
    return samples[below] + fraction * (samples[above] - samples[below]);
}

std::string ordinal(int n) {
    const char* suffix = "th";
    if (n % 100 < 11 || n % 100 > 13) {
        if (n % 10 == 1) suffix = "st";
        if (n % 10 == 2) suffix = "nd";
        if (n % 10 == 3) suffix = "rd";
    }
    return std::to_string(n) + suffix;
}

Timing time_launch(const cl::CommandQueue& queue, const TimedLaunch& launch, const TimingPlan& plan) {
    return time_interleaved(queue, {launch}, plan).front();
}

std::vector<Timing> time_interleaved(const cl::CommandQueue& queue, const std::vector<TimedLaunch>& launches,
                                     const TimingPlan& plan) {
    const auto run = [&](const TimedLaunch& l) {
        if (l.prepare) l.prepare();
        return l.launch();
    };
    for (int w = 0; w < plan.warmups; ++w) {
        for (const auto& launch : launches) run(launch);
    }
    queue.finish();

    std::vector<Timing> timings(launches.size());
    const auto checked = [&](std::size_t i, ResultCheck depth, int launch_number) {
        if (!launches[i].check || !timings[i].right()) return;
        std::string wrong = launches[i].check(depth);
        if (!wrong.empty()) {
            timings[i].wrong = std::move(wrong);
            timings[i].wrong_launch = launch_number;
        }
    };
    const auto any_wrong = [&] {
        return std::any_of(timings.begin(), timings.end(), [](const Timing& t) { return !t.right(); });
    };

    // Within the rounds that are always timed: an early answer must not skip it.
    const bool may_answer_early = plan.answered && plan.early_look > 0;
    const int whole_at = chosen_launch(plan.check_seed, may_answer_early ? std::min(plan.early_look, plan.min_repetitions)
                                                                         : plan.min_repetitions);
    std::vector<std::vector<double>> samples(launches.size());
    double slowest_total = 0.0;
    for (int rep = 0; rep < plan.max_repetitions; ++rep) {
        if (rounds_done(plan, rep, slowest_total, samples)) break;
        if (plan.stop_when_wrong && any_wrong()) break;
        double round_max = 0.0;
        for (std::size_t i = 0; i < launches.size(); ++i) {
            if (!timings[i].right()) continue;  // its times no longer mean anything
            const double seconds = timed_once(queue, launches[i]);
            samples[i].push_back(seconds);
            round_max = std::max(round_max, seconds);
            checked(i, rep == whole_at ? ResultCheck::whole : ResultCheck::sample, rep + 1);
            if (plan.stop_when_wrong && !timings[i].right()) break;
        }
        slowest_total += round_max;
    }
    // The last launch's result is still in each launch's output: read all of it.
    for (std::size_t i = 0; i < launches.size(); ++i) {
        const int count = static_cast<int>(samples[i].size());
        if (count > 0 && count - 1 != whole_at) checked(i, ResultCheck::whole, count);
    }
    for (std::size_t i = 0; i < launches.size(); ++i) summarise(timings[i], samples[i]);
    return timings;
}

namespace {

double timed_once(const cl::CommandQueue& queue, const TimedLaunch& launch) {
    (void)queue;  // an in-order queue: the refill finishes before the launch starts
    if (launch.prepare) launch.prepare();
    const LaunchEvents events = launch.launch();
    events.last.wait();
    return elapsed_seconds(events);
}

}  // namespace

}  // namespace course
