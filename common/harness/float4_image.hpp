// A row-major float matrix as an OpenCL RGBA / FLOAT 2-D image: texel (x, y)
// holds the four consecutive elements m[y][4x .. 4x+3], so an image of
// cols / 4 × rows texels carries the whole matrix (lab 08 reads B this way).
// Before creating one, the device's image support and limits are checked, so a
// device that cannot hold the image is explained instead of failing with a code.
#pragma once

#include "harness/matrix.hpp"

#include <CL/opencl.hpp>

#include <string>

namespace course {

// Why `device` cannot hold an RGBA / FLOAT image of `width` × `height` texels (no image support,
// the format unsupported, a dimension beyond CL_DEVICE_IMAGE2D_MAX_WIDTH/HEIGHT), or empty when it can.
std::string float4_image_rejection(const cl::Context& context, const cl::Device& device, std::size_t width,
                                   std::size_t height);

// A read-only image of `m` (m.cols a multiple of 4), its texels copied from `m`. Throws UserError
// (naming `where`, the limit and the size) when float4_image_rejection says the device cannot hold it.
cl::Image2D make_float4_image(const cl::Context& context, const cl::Device& device, const Matrix& m,
                              const std::string& where);

}  // namespace course
