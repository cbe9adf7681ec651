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
