// The spread beside a median, and when two timings are told apart.
#include "harness/timing_spread.hpp"

#include <doctest/doctest.h>

using namespace course;

namespace {

Timing timing_of(double q1, double median, double q3, int repetitions = 10) {
    Timing t;
    t.q1_seconds = q1;
    t.median_seconds = median;
    t.q3_seconds = q3;
    t.min_seconds = q1 * 0.9;
    t.max_seconds = q3 * 1.1;
    t.repetitions = repetitions;
    return t;
}

}  // namespace

TEST_CASE("timing spread: quantiles interpolate between neighbours and agree with the median") {
    const std::vector<double> samples = {5, 1, 4, 2, 3};
    CHECK(quantile(samples, 0.5) == doctest::Approx(median(samples)));
    CHECK(quantile(samples, 0.25) == doctest::Approx(2.0));
    CHECK(quantile(samples, 0.75) == doctest::Approx(4.0));
    CHECK(quantile({1, 2, 3, 4}, 0.25) == doctest::Approx(1.75));
    CHECK(quantile({7}, 0.75) == doctest::Approx(7.0));
}

TEST_CASE("timing spread: half the interquartile range over the median") {
    CHECK(spread_text(timing_of(0.9, 1.0, 1.1)) == "±10%");
    CHECK(spread_text(timing_of(0.998, 1.0, 1.004)) == "±0.3%");
    CHECK(spread_text(timing_of(0.9, 1.0, 1.1, 3)) == "±?");  // too few launches to say
}

TEST_CASE("timing spread: overlapping middle halves are below the noise") {
    // PoCL-like: 1.9 to 4.3 GB/s from run to run; two kernels 10% apart are not told apart.
    const Timing naive = timing_of(1.0, 1.3, 1.8), tiled = timing_of(0.9, 1.17, 1.6);
    CHECK(within_noise(naive, tiled));
    const std::string same = noise_verdict("tiled", tiled, "naive", naive);
    CHECK(same.find("below the noise") != std::string::npos);
    CHECK(same.find("--repeat") != std::string::npos);

    // A GPU-like pair: tight spreads, 1.8× apart.
    const Timing slow = timing_of(1.79, 1.8, 1.81), fast = timing_of(0.99, 1.0, 1.01);
    CHECK_FALSE(within_noise(slow, fast));
    const std::string real = noise_verdict("naive", slow, "tiled", fast);
    CHECK(real.find("tiled is 1.80× faster than naive") == 0);
    CHECK(real.find("below the noise") == std::string::npos);

    // Too few launches: never claimed to be told apart, never claimed equal.
    CHECK_FALSE(within_noise(timing_of(1, 1, 1, 2), timing_of(1, 1, 1, 2)));
    CHECK(noise_verdict("a", timing_of(1, 1, 1, 2), "b", fast).find("too few") != std::string::npos);
}

TEST_CASE("a speedup's interval: the median of the rounds' ratios, widened by order statistics, none with few rounds") {
    CHECK(round_ratios({2.0, 4.0, 3.0}, {1.0, 0.0, 1.5}) == std::vector<double>{2.0, 2.0});  // a zero is left out
    const auto few = ratio_estimate({1.0, 1.2, 0.9});
    CHECK_FALSE(few.interval_known());
    CHECK(few.median == doctest::Approx(1.0));
    CHECK(ratio_text(few) == "1.00×");
    std::vector<double> twenty;
    for (int i = 1; i <= 20; ++i) twenty.push_back(0.90 + 0.01 * i);  // 0.91 .. 1.10
    const auto estimate = ratio_estimate(twenty);
    REQUIRE(estimate.interval_known());
    CHECK(estimate.median == doctest::Approx(1.005));
    CHECK(estimate.low == doctest::Approx(0.95));   // the 5th smallest of 20
    CHECK(estimate.high == doctest::Approx(1.06));  // the 16th
    CHECK(estimate.low < estimate.median);
    CHECK(ratio_text(estimate) == "1.00× ± 0.06");
    // More rounds of the same spread give a narrower interval.
    std::vector<double> eighty;
    for (int copy = 0; copy < 4; ++copy) eighty.insert(eighty.end(), twenty.begin(), twenty.end());
    CHECK(ratio_estimate(eighty).half_width() < estimate.half_width());
}
