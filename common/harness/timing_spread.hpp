// How far to trust a median. On a CPU device (PoCL) the same kernel can run at
// twice the speed from one run to the next; a student comparing two kernels
// needs to know whether the difference is larger than that noise. The spread
// of a timing is its interquartile range (the middle half of its repetitions);
// two timings whose ranges overlap are not told apart on this device.
#pragma once

#include "harness/timing.hpp"

#include <algorithm>
#include <string>
#include <vector>

namespace course {

// The default plan, or with `repeat` > 0 exactly that many timed launches (--repeat N): more
// launches give a median and a spread to trust on a noisy device.
TimingPlan repeated_plan(int repeat);

// The middle half of the repetitions, as a share of the median: (q3 - q1) / 2 / median. 0 with
// fewer than 4 repetitions (too few to say; shown as such).
double relative_spread(const Timing& timing);

// "±3%" (half the interquartile range over the median), or "±?" with too few repetitions.
std::string spread_text(const Timing& timing);

// Whether the two timings' interquartile ranges overlap: their difference is below the noise.
bool within_noise(const Timing& a, const Timing& b);

// One sentence comparing two right timings for a student, e.g.
//   "tiled is 1.84× faster than naive (spreads ±2% and ±4%: the difference is real)" or
//   "tiled and naive differ by 3%, below the noise on this device (their middle halves overlap);
//    time more launches with --repeat 50, or compare on a quieter machine".
std::string noise_verdict(const std::string& name_a, const Timing& a, const std::string& name_b, const Timing& b);

// A speedup measured launch by launch: in each round of interleaved launches, the baseline's time
// over the kernel's. Pairing the two launches of a round cancels what the machine did to both
// (another program, a clock change); the median of the rounds' ratios is the speedup, and the
// distribution-free 95% confidence interval of that median (order statistics, no assumption about
// the noise's shape) is how far to trust it.
struct RatioEstimate {
    double median = 0.0;
    double low = 0.0, high = 0.0;  // the interval; equal to the median with fewer than kFewestRounds
    int rounds = 0;
    double half_width() const { return std::max(median - low, high - median); }
    bool interval_known() const;
};
inline constexpr int kFewestRoundsForInterval = 6;  // below this, order statistics give no 95% interval

// Ratios numerator[i] / denominator[i] of the rounds both have (a zero denominator is left out).
std::vector<double> round_ratios(const std::vector<double>& numerator, const std::vector<double>& denominator);

RatioEstimate ratio_estimate(std::vector<double> ratios);

// "0.62× ± 0.08" (the interval's larger half), or "0.62×" without an interval.
std::string ratio_text(const RatioEstimate& estimate);

}  // namespace course
