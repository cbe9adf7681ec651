// The kernel signatures docs/contracts.md fixes: the course's public API.
#pragma once

#include "harness/program_build.hpp"

#include <vector>

namespace course {

// __kernel void transpose(__global const float* a, __global float* at, uint m, uint k)
inline const std::vector<KernelParameter>& transpose_contract() {
    static const std::vector<KernelParameter> params{input_floats("a"), output_floats("at"), uint_scalar("m"),
                                                     uint_scalar("k")};
    return params;
}

// __kernel void matmul(__global const float* a, __global const float* b, __global float* c, uint M, uint K, uint N)
inline const std::vector<KernelParameter>& matmul_contract() {
    static const std::vector<KernelParameter> params{input_floats("a"), input_floats("b"), output_floats("c"),
                                                     uint_scalar("M"),   uint_scalar("K"),  uint_scalar("N")};
    return params;
}

// __kernel void matmul(__global const float* a, __read_only image2d_t b, __global float* c, uint M, uint K, uint N)
// (lab 08: B read through the texture path, an RGBA float image of N/4 × K texels)
inline const std::vector<KernelParameter>& matmul_image_contract() {
    static const std::vector<KernelParameter> params{input_floats("a"), read_only_image("b"), output_floats("c"),
                                                     uint_scalar("M"),   uint_scalar("K"),     uint_scalar("N")};
    return params;
}

}  // namespace course
