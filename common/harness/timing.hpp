// Kernel timing from OpenCL profiling events: a warm-up, then repeated
// launches, and the median. Speedups compare launches that were interleaved
// in the same process, so a device that heats up or slows down affects both.
//
// Speed is paid only for work done. Before every launch its outputs are made
// fresh (refilled with the "never written" NaN, inputs restored) and after
// every timed launch its result is checked; both happen outside the timed
// interval, which is the launch's own profiling events and nothing else.
#pragma once

#include <CL/opencl.hpp>

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace course {

// The events of one timed launch: the time is from the first command's start to the last one's end.
struct LaunchEvents {
    cl::Event first;
    cl::Event last;
};
using Launch = std::function<LaunchEvents()>;

// How much of a timed launch's result a check reads back.
enum class ResultCheck {
    sample,  // a seeded random sample of rows, element by element (after every timed launch)
    whole,   // every element (never-written markers, checksums) and the sample (after some of them)
};

// The buffers a bandwidth-bound launch reads and writes: a copy of the same bytes between
// them, after the same preparation, is what the launch is measured against
// (bench/copy_bandwidth.hpp, time_beside_copy).
struct CopiedBytes {
    cl::Buffer source;
    cl::Buffer target;
    std::size_t bytes = 0;  // read from source, and as many written to target
};

// A launch to time together with what surrounds it.
struct TimedLaunch {
    TimedLaunch() = default;
    // A launch with nothing to refill or check (the benchmarks of the device's limits).
    TimedLaunch(Launch launch_) : launch(std::move(launch_)) {}  // NOLINT: implicit on purpose

    // Before every launch, warm-ups included: fresh outputs (and restored inputs). Enqueues
    // commands only; they finish before the launch starts (an in-order queue) and are not timed.
    std::function<void()> prepare;
    Launch launch;
    // After a timed launch has completed: why its result is wrong, or empty when it is right.
    std::function<std::string(ResultCheck)> check;
    // Bandwidth-bound launches only: the buffers a copy of the same bytes uses.
    std::optional<CopiedBytes> same_bytes;
};

struct TimingPlan {
    int warmups = 2;
    int min_repetitions = 5;
    int max_repetitions = 50;
    double min_total_seconds = 0.25;  // keep repeating (up to the maximum) until this much was timed
    // Picks which timed launch, besides the last, gets the whole-result check.
    std::uint64_t check_seed = 1;
    // Stop timing everything at the first wrong result (the grader: nothing is worth comparing then).
    bool stop_when_wrong = false;
    // An early answer (the grader): after exactly `early_look` rounds, once min_total_seconds was timed,
    // the timing ends when `answered` says the rounds' seconds so far (one list per launch) already
    // answer what the timing is for. Otherwise it goes on as planned.
    int early_look = 0;
    std::function<bool(const std::vector<std::vector<double>>& seconds)> answered;
};

struct Timing {
    double median_seconds = 0.0;
    double min_seconds = 0.0;
    // The spread of the repetitions (see timing_spread.hpp): the quartiles and the slowest.
    double q1_seconds = 0.0, q3_seconds = 0.0, max_seconds = 0.0;
    int repetitions = 0;
    // Each timed launch's device time (its profiling events), in launch order: with launches
    // interleaved, the i-th of two timings ran in the same round (a speedup's pairs, timing_spread.hpp).
    std::vector<double> device_seconds;
    // Why a timed launch's result was wrong (the first such launch; no more launches were timed after
    // it), empty when every checked result was right. A wrong launch's times mean nothing.
    std::string wrong;
    int wrong_launch = 0;  // which timed launch that was, counting from 1
    bool right() const { return wrong.empty(); }
};

// Seconds between the start of `first` and the end of `last`; both must have completed.
double elapsed_seconds(const LaunchEvents& events);

// The median of `samples` (not empty); the mean of the middle two for an even count.
double median(std::vector<double> samples);

// The q-quantile (0..1) of `samples` (not empty), interpolated between neighbours: quantile(s, 0.5) == median(s).
double quantile(std::vector<double> samples, double q);

Timing time_launch(const cl::CommandQueue& queue, const TimedLaunch& launch, const TimingPlan& plan = {});

// Times several launches round-robin (a, b, c, a, b, c, ...), so all see the same device state.
// Each timed launch's result is checked (a sample every time, the whole result at the last launch
// and at one more chosen by plan.check_seed); a launch whose result was wrong is not launched again.
std::vector<Timing> time_interleaved(const cl::CommandQueue& queue, const std::vector<TimedLaunch>& launches,
                                     const TimingPlan& plan = {});

// "1st", "2nd", "3rd", "4th", ... for messages about launches.
std::string ordinal(int n);

}  // namespace course
