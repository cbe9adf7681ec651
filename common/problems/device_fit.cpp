#include "problems/device_fit.hpp"

#include "harness/launch_geometry.hpp"
#include "util/user_error.hpp"

#include <fmt/format.h>

namespace course {

std::string device_limit_problem(const ClSession& session, const LabSpec& spec, const LabProblem& problem) {
    const auto& device = session.device.device;
    const auto& built = problem.program();
    LaunchShape shape;
    try {
        shape = launch_shape(spec.geometry, built.defines, Extents{1, 1, 1});
    } catch (const UserError&) {
        return {};  // defines the geometry cannot use: the checks themselves say so
    }
    const std::size_t group = shape.local[0] * shape.local[1];
    const auto max_group = device.getInfo<CL_DEVICE_MAX_WORK_GROUP_SIZE>();
    if (group > max_group) {
        return fmt::format("its work-groups of {} × {} = {} work-items are more than this device allows ({})",
                           shape.local[0], shape.local[1], group, max_group);
    }
    const auto local_bytes = device.getInfo<CL_DEVICE_LOCAL_MEM_SIZE>();
    for (const auto& name : kernel_names(built.program)) {
        const cl::Kernel kernel(built.program, name.c_str());
        const auto used = kernel.getWorkGroupInfo<CL_KERNEL_LOCAL_MEM_SIZE>(device);
        if (used > local_bytes) {
            return fmt::format(
                "kernel {} needs {} bytes of local memory at these defines, more than this device has "
                "({} bytes)",
                name, used, local_bytes);
        }
    }
    return {};
}

}  // namespace course
