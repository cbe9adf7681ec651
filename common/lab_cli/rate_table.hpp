// The timing lines `lab run` and `lab bench` print: what ran, its median time,
// its rate (GB/s or GFLOP/s) and, where there is one, its share of a ceiling.
#pragma once

#include "description/rate_unit.hpp"
#include "harness/timing.hpp"

#include <string>
#include <vector>

namespace course {

class RateTable {
public:
    explicit RateTable(RateUnit unit) : unit_(rate_unit_text(unit)) {}

    // `work` is bytes for GB/s, floating-point operations for GFLOP/s. A `ceiling`
    // (in the same unit as the rate) adds "NN% <ceiling_name>".
    void add(const std::string& what, double seconds, double work, double ceiling = 0.0,
             const std::string& ceiling_name = {});
    // A timed kernel: its median with its spread beside it (timing_spread.hpp).
    void add(const std::string& what, const Timing& timing, double work, double ceiling = 0.0,
             const std::string& ceiling_name = {});
    void print() const;

private:
    struct Row {
        std::string what;
        double seconds;
        double rate;
        std::string share;
        std::string spread;  // empty for a figure without repetitions of its own
    };
    std::string unit_;
    std::vector<Row> rows_;
};

// Every line of `text` prefixed with `spaces` spaces.
std::string indented(const std::string& text, int spaces);

}  // namespace course
