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

// A failure that reads the same at every size, in a few words, so that a report can say it in
// full once and only name the other sizes: "no element of at was written" when the kernel wrote
// nothing (every checked element still holds the never-written marker), "every element of c was
// 0" when it stored 0 everywhere (a sum never accumulated), "c holds values read from __local memory
// that no work-item wrote" when its first wrong element holds the poison of harness/local_poison.hpp;
// in each case with nothing written outside the output. Empty for any other failure: those differ
// from size to size.
std::string repeating_failure(const Comparison& comparison, const GuardDamage& damage, const std::string& name);

}  // namespace course
