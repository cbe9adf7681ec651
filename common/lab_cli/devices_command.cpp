// `lab devices`: every OpenCL device, the one used by default, and its limits.
#include "commands.hpp"
#include "harness/device_choice.hpp"

#include <fmt/format.h>

namespace course {

int devices_command(const CommonOptions& common) {
    const auto devices = list_devices();
    if (devices.empty()) {
        fmt::print("No OpenCL device found. Install PoCL for a CPU device: sudo apt-get install pocl-opencl-icd\n");
        return 2;
    }
    const DeviceInfo chosen = choose_device(common.device);
    for (const auto& d : devices) {
        const auto& dev = d.device;
        fmt::print("{} {}  {} ({})\n", d.index == chosen.index ? "*" : " ", d.index, d.label(),
                   device_class_name(d.device_class));
        fmt::print(
            "      driver {}, {}, {} compute units, {:.1f} GiB global memory, {} KiB local memory, "
            "work-groups up to {}\n",
            d.driver_version, dev.getInfo<CL_DEVICE_OPENCL_C_VERSION>(), dev.getInfo<CL_DEVICE_MAX_COMPUTE_UNITS>(),
            static_cast<double>(dev.getInfo<CL_DEVICE_GLOBAL_MEM_SIZE>()) / (1u << 30),
            dev.getInfo<CL_DEVICE_LOCAL_MEM_SIZE>() / 1024, dev.getInfo<CL_DEVICE_MAX_WORK_GROUP_SIZE>());
    }
    fmt::print(
        "\n* = the device commands use now. Pick another with --device <index or name part>"
        " or the LAB_DEVICE environment variable.\n");
    return 0;
}

}  // namespace course
