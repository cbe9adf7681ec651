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

bool RatioEstimate::interval_known() const { return rounds >= kFewestRoundsForInterval; }

std::vector<double> round_ratios(const std::vector<double>& numerator, const std::vector<double>& denominator) {
    std::vector<double> ratios;
    for (std::size_t i = 0; i < std::min(numerator.size(), denominator.size()); ++i) {
        if (denominator[i] > 0.0) ratios.push_back(numerator[i] / denominator[i]);
    }
    return ratios;
}

RatioEstimate ratio_estimate(std::vector<double> ratios) {
    RatioEstimate estimate;
    estimate.rounds = static_cast<int>(ratios.size());
    if (ratios.empty()) return estimate;
    std::sort(ratios.begin(), ratios.end());
    estimate.median = median(ratios);
    estimate.low = estimate.high = estimate.median;
    if (!estimate.interval_known()) return estimate;
    // The median's 95% interval runs from the j-th to the k-th smallest ratio, j and k the ranks
    // n/2 -+ 1.96 sqrt(n)/2 (the binomial count of ratios below the true median, normally
    // approximated), widened to whole ranks.
    const double n = static_cast<double>(ratios.size());
    const double reach = 0.98 * std::sqrt(n);
    const auto lower_rank = static_cast<std::size_t>(std::max(1.0, std::floor(n / 2.0 - reach)));
    const auto upper_rank = static_cast<std::size_t>(std::min(n, std::ceil(n / 2.0 + reach + 1.0)));
    estimate.low = ratios[lower_rank - 1];
    estimate.high = ratios[upper_rank - 1];
    return estimate;
}

std::string ratio_text(const RatioEstimate& estimate) {
    if (!estimate.interval_known()) return fmt::format("{:.2f}×", estimate.median);
    const double half = estimate.half_width();
    return half < 0.005 ? fmt::format("{:.2f}× ± {:.3f}", estimate.median, half)
                        : fmt::format("{:.2f}× ± {:.2f}", estimate.median, half);
}

}  // namespace course
