#include "harness/timing_spread.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace course {

namespace {

constexpr int kFewestForSpread = 4;  // quartiles of fewer repetitions say nothing

bool has_spread(const Timing& timing) { return timing.repetitions >= kFewestForSpread && timing.median_seconds > 0; }

}  // namespace

TimingPlan repeated_plan(int repeat) {
    TimingPlan plan;
    if (repeat > 0) {
        plan.min_repetitions = repeat;
        plan.max_repetitions = repeat;
        plan.min_total_seconds = 0.0;
    }
    return plan;
}

double relative_spread(const Timing& timing) {
    if (!has_spread(timing)) return 0.0;
    return (timing.q3_seconds - timing.q1_seconds) / 2.0 / timing.median_seconds;
}

std::string spread_text(const Timing& timing) {
    if (!has_spread(timing)) return "±?";
    const double percent = 100.0 * relative_spread(timing);
    return percent < 0.95 ? fmt::format("±{:.1f}%", percent) : fmt::format("±{:.0f}%", percent);
}

bool within_noise(const Timing& a, const Timing& b) {
    if (!has_spread(a) || !has_spread(b)) return false;
    return a.q1_seconds <= b.q3_seconds && b.q1_seconds <= a.q3_seconds;
}

std::string noise_verdict(const std::string& name_a, const Timing& a, const std::string& name_b, const Timing& b) {
    if (!has_spread(a) || !has_spread(b)) {
        return fmt::format("{} and {}: too few launches to tell the noise (time more with --repeat 20)", name_a, name_b);
    }
    const bool a_faster = a.median_seconds <= b.median_seconds;
    const Timing& fast = a_faster ? a : b;
    const Timing& slow = a_faster ? b : a;
    const std::string& fast_name = a_faster ? name_a : name_b;
    const std::string& slow_name = a_faster ? name_b : name_a;
    const double ratio = slow.median_seconds / fast.median_seconds;
    if (within_noise(a, b)) {
        return fmt::format("{} and {} differ by {:.0f}%, below the noise on this device (the middle halves of their "
                           "launches overlap: {} and {}); time more launches with --repeat 50, or compare on a "
                           "quieter machine",
                           name_a, name_b, 100.0 * (ratio - 1.0), spread_text(a), spread_text(b));
    }
    return fmt::format("{} is {:.2f}× faster than {} (spreads {} and {}: the difference is larger than the noise)",
                       fast_name, ratio, slow_name, spread_text(fast), spread_text(slow));
}

}  // namespace course
