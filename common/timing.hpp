// Kernel timing from OpenCL profiling events: a warm-up, then repeated
// launches, and the median. Speedups compare launches that were interleaved
// in the same process, so a device that heats up or slows down affects both.
#pragma once

#include <CL/opencl.hpp>

#include <functional>
#include <vector>

namespace course {

// The events of one timed launch: the time is from the first command's start to the last one's end.
struct LaunchEvents {
    cl::Event first;
    cl::Event last;
};
using Launch = std::function<LaunchEvents()>;

struct TimingPlan {
    int warmups = 2;
    int min_repetitions = 5;
    int max_repetitions = 50;
    double min_total_seconds = 0.25;  // keep repeating (up to the maximum) until this much was timed
};

struct Timing {
    double median_seconds = 0.0;
    double min_seconds = 0.0;
    int repetitions = 0;
};

// Seconds between the start of `first` and the end of `last`; both must have completed.
double elapsed_seconds(const LaunchEvents& events);

// The median of `samples` (not empty); the mean of the middle two for an even count.
double median(std::vector<double> samples);

Timing time_launch(const cl::CommandQueue& queue, const Launch& launch, const TimingPlan& plan = {});

// Times several launches round-robin (a, b, c, a, b, c, ...), so all see the same device state.
std::vector<Timing> time_interleaved(const cl::CommandQueue& queue, const std::vector<Launch>& launches,
                                     const TimingPlan& plan = {});

}  // namespace course
