#include "harness/kernel_launch.hpp"

#include "harness/local_poison.hpp"

#include "util/user_error.hpp"

#include <fmt/format.h>

namespace course {

std::string cl_error_name(int code) {
    switch (code) {
        case CL_DEVICE_NOT_FOUND:
            return "CL_DEVICE_NOT_FOUND";
        case CL_MEM_OBJECT_ALLOCATION_FAILURE:
            return "CL_MEM_OBJECT_ALLOCATION_FAILURE";
        case CL_OUT_OF_RESOURCES:
            return "CL_OUT_OF_RESOURCES";
        case CL_OUT_OF_HOST_MEMORY:
            return "CL_OUT_OF_HOST_MEMORY";
        case CL_BUILD_PROGRAM_FAILURE:
            return "CL_BUILD_PROGRAM_FAILURE";
        case CL_MISALIGNED_SUB_BUFFER_OFFSET:
            return "CL_MISALIGNED_SUB_BUFFER_OFFSET";
        case CL_INVALID_VALUE:
            return "CL_INVALID_VALUE";
        case CL_INVALID_BUFFER_SIZE:
            return "CL_INVALID_BUFFER_SIZE";
        case CL_INVALID_PROGRAM_EXECUTABLE:
            return "CL_INVALID_PROGRAM_EXECUTABLE";
        case CL_INVALID_KERNEL_NAME:
            return "CL_INVALID_KERNEL_NAME";
        case CL_INVALID_KERNEL_ARGS:
            return "CL_INVALID_KERNEL_ARGS";
        case CL_INVALID_WORK_DIMENSION:
            return "CL_INVALID_WORK_DIMENSION";
        case CL_INVALID_WORK_GROUP_SIZE:
            return "CL_INVALID_WORK_GROUP_SIZE";
        case CL_INVALID_WORK_ITEM_SIZE:
            return "CL_INVALID_WORK_ITEM_SIZE";
        case CL_INVALID_GLOBAL_WORK_SIZE:
            return "CL_INVALID_GLOBAL_WORK_SIZE";
        case CL_INVALID_BUILD_OPTIONS:
            return "CL_INVALID_BUILD_OPTIONS";
        default:
            return fmt::format("OpenCL error {}", code);
    }
}

std::string launch_rejection(const cl::Kernel& kernel, const cl::Device& device, const cl::NDRange& local) {
    std::size_t items = 1;
    for (std::size_t d = 0; d < local.dimensions(); ++d) items *= local.get()[d];
    const auto kernel_limit = kernel.getWorkGroupInfo<CL_KERNEL_WORK_GROUP_SIZE>(device);
    if (items > kernel_limit) {
        return fmt::format("a work-group of {} work-items is more than this kernel can have on this device ({})", items,
                           kernel_limit);
    }
    const auto per_dimension = device.getInfo<CL_DEVICE_MAX_WORK_ITEM_SIZES>();
    for (std::size_t d = 0; d < local.dimensions() && d < per_dimension.size(); ++d) {
        if (local.get()[d] > per_dimension[d]) {
            return fmt::format("the local size {} in dimension {} is more than the device allows ({})", local.get()[d],
                               d, per_dimension[d]);
        }
    }
    const auto local_used = kernel.getWorkGroupInfo<CL_KERNEL_LOCAL_MEM_SIZE>(device);
    const auto local_available = device.getInfo<CL_DEVICE_LOCAL_MEM_SIZE>();
    if (local_used > local_available) {
        return fmt::format("the kernel uses {} bytes of local memory; the device has {}", local_used, local_available);
    }
    return {};
}

cl::Event enqueue_kernel(const cl::CommandQueue& queue, const cl::Kernel& kernel, const cl::NDRange& global,
                         const cl::NDRange& local, const std::string& where) {
    const auto device = queue.getInfo<CL_QUEUE_DEVICE>();
    if (const std::string why = launch_rejection(kernel, device, local); !why.empty()) {
        throw UserError({"a launch the device can run", why, where,
                         "use smaller tiles (-D TILE_SIZE=... or the lab's tile defines)"});
    }
    poison_local_memory_before_launch(queue);  // a check's launch starts from NaN in __local memory
    cl::Event event;
    try {
        queue.enqueueNDRangeKernel(kernel, cl::NullRange, global, local, nullptr, &event);
    } catch (const cl::Error& error) {
        std::string sizes = "global (";
        for (std::size_t d = 0; d < global.dimensions(); ++d)
            sizes += (d ? ", " : "") + std::to_string(global.get()[d]);
        sizes += "), local (";
        for (std::size_t d = 0; d < local.dimensions(); ++d) sizes += (d ? ", " : "") + std::to_string(local.get()[d]);
        sizes += ")";
        throw UserError(
            {"the device to accept the launch",
             fmt::format("{} from {} with {}", cl_error_name(error.err()), error.what(), sizes), where,
             "check the defines against the lab's geometry (README), and the device limits in `lab devices`"});
    }
    return event;
}

}  // namespace course
