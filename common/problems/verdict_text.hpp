// Turns a comparison and the guard-zone check into the paragraph a student reads.
#pragma once

#include "problems/comparison.hpp"
#include "harness/guarded_buffer.hpp"

#include <string>

namespace course {

struct OutputShape {
    std::string name;      // the kernel parameter: "at", "c"
    std::size_t rows = 0;  // the output the user asked for
    std::size_t cols = 0;
    // The buffer the kernel wrote, when the host padded it to whole tiles (labs
    // 05–07); 0 means the same as rows × cols.
    std::size_t padded_rows = 0;
    std::size_t padded_cols = 0;
};

// Empty when everything is right. Out-of-bounds writes are named first: they
// can also explain wrong values elsewhere.
std::string verdict_text(const Comparison& comparison, const GuardDamage& damage, const OutputShape& output);

}  // namespace course
