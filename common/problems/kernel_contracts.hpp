// The kernel signatures docs/contracts.md fixes: the course's public API.
#pragma once

#include "harness/program_build.hpp"

#include <vector>

namespace course {

// __kernel void transpose(__global const float* a, __global float* at, uint m, uint k)
inline const std::vector<KernelParameter>& transpose_contract() {
    static const std::vector<KernelParameter> params{
        {"a", "float*", true}, {"at", "float*", true}, {"m", "uint", false}, {"k", "uint", false}};
    return params;
}

// __kernel void matmul(__global const float* a, __global const float* b, __global float* c, uint M, uint K, uint N)
inline const std::vector<KernelParameter>& matmul_contract() {
    static const std::vector<KernelParameter> params{{"a", "float*", true}, {"b", "float*", true},
                                                     {"c", "float*", true}, {"M", "uint", false},
                                                     {"K", "uint", false},  {"N", "uint", false}};
    return params;
}

// __kernel void matmul(__global const float* a, __read_only image2d_t b, __global float* c, uint M, uint K, uint N)
// (lab 08: B read through the texture path, an RGBA float image of N/4 × K texels)
inline const std::vector<KernelParameter>& matmul_image_contract() {
    static const std::vector<KernelParameter> params{{"a", "float*", true},         {"b", "image2d_t", false, true},
                                                     {"c", "float*", true},         {"M", "uint", false},
                                                     {"K", "uint", false},          {"N", "uint", false}};
    return params;
}

}  // namespace course
