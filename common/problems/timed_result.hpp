// What timed launches computed, checked: speed is paid only for work done.
//
// Before every timed launch its output is refilled with the "never written"
// NaN and its inputs are copied back from untouched copies the kernel never
// sees (so no result, and no state a kernel kept in an input, survives from
// one launch to the next); after it, the result is compared with the
// reference on seeded random inputs: a seeded random sample of rows after
// every timed launch, and the whole output (never-written elements, the sum
// of every row and every column) after some of them. All of it happens
// outside the timed interval.
#pragma once

#include "harness/matrix.hpp"
#include "problems/reference.hpp"
#include "harness/timing.hpp"

#include <CL/opencl.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace course {

// How many rows of an output a sampled check compares.
constexpr std::size_t kTimedSampleRows = 64;

// `count` distinct rows out of `total_rows` (all of them when there are no more), drawn from `seed`,
// sorted. The same on every machine.
std::vector<std::size_t> random_rows(std::size_t total_rows, std::size_t count, std::uint64_t seed);

// A seed for the timed inputs that is not one the correctness checks use: `seed` mixed with `salt`.
std::uint64_t mixed_seed(std::uint64_t seed, std::uint64_t salt);

// Enqueues the refill of `buffer` (`bytes` long) with the "never written" NaN.
void enqueue_unwritten_fill(const cl::CommandQueue& queue, const cl::Buffer& buffer, std::size_t bytes);

// A device buffer's matrix: `rows` × `cols` in the top-left of rows `pitch` floats apart.
struct DeviceMatrix {
    cl::Buffer buffer;
    std::size_t rows = 0, cols = 0, pitch = 0;
};

// Checks C = A·B of timed launches (labs 03–07): the sampled rows element by
// element with the correctness stage's tolerance, and, for a whole check,
// every element written and the sum of every row and every column of C
// within the sum of the tolerances of its elements.
class MatmulResultCheck {
public:
    MatmulResultCheck(const Matrix& a, const Matrix& b, double tolerance_factor, std::uint64_t seed);
    // Empty when C is right; else one paragraph on what is wrong, naming the output `name`.
    std::string operator()(const cl::CommandQueue& queue, const DeviceMatrix& c, ResultCheck depth,
                           const std::string& name = "c");

private:
    std::string whole_result_problem(const std::string& name) const;

    std::size_t k_ = 0;
    double tolerance_factor_ = 0.0;
    MatmulReference sample_;
    std::vector<double> row_sum_, row_bound_, col_sum_, col_bound_;
    Matrix got_;  // rows read back land here, at their own row
};

// Checks at = transpose(a) of timed launches (labs 01–02): bit for bit, the sampled rows every time
// and every element for a whole check.
class TransposeResultCheck {
public:
    TransposeResultCheck(const Matrix& a, std::uint64_t seed);
    std::string operator()(const cl::CommandQueue& queue, const DeviceMatrix& at, ResultCheck depth);

private:
    Matrix expected_;
    std::vector<std::size_t> rows_;
    Matrix got_;
};

}  // namespace course
