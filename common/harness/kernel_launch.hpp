// Enqueueing a kernel, with the device's limits checked first, so a launch the
// device cannot run is explained (which limit, by how much, what to change)
// instead of surfacing as an OpenCL error code.
#pragma once

#include <CL/opencl.hpp>

#include <string>

namespace course {

// "CL_INVALID_WORK_GROUP_SIZE" for -54, and so on.
std::string cl_error_name(int code);

// Why `device` cannot run `kernel` with this local size, or empty when it can.
std::string launch_rejection(const cl::Kernel& kernel, const cl::Device& device, const cl::NDRange& local);

// Enqueues the kernel. Throws UserError (naming `where`, the limit and the sizes)
// when the device rejects the launch.
cl::Event enqueue_kernel(const cl::CommandQueue& queue, const cl::Kernel& kernel, const cl::NDRange& global,
                         const cl::NDRange& local, const std::string& where);

}  // namespace course
