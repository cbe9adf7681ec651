// Which OpenCL device a command runs on. Default: the first GPU (or other
// accelerator), else a CPU device such as PoCL. A user picks another with
// --device or the LAB_DEVICE environment variable, by a case-insensitive
// substring of "platform / device", or by its index in `lab devices`.
#pragma once

#include "terms/device_class.hpp"

#include <CL/opencl.hpp>

#include <optional>
#include <string>
#include <vector>

namespace course {

struct DeviceInfo {
    int index = 0;  // position in list_devices(), as `lab devices` shows it
    std::string platform_name;
    std::string device_name;
    std::string driver_version;
    DeviceClass device_class = DeviceClass::cpu;
    cl::Device device;

    std::string label() const;  // "platform / device"
};

// Every device of every platform; empty when no OpenCL driver is installed.
std::vector<DeviceInfo> list_devices();

// Index of the device a pattern names, or -1. Pure, so it can be tested
// without OpenCL: `labels` are DeviceInfo::label() strings.
int match_device(const std::vector<std::string>& labels, const std::string& pattern);

// Index of the default device given the classes in list order: first GPU, else first device.
int default_device(const std::vector<DeviceClass>& classes);

// The device for this run. `requested` is --device (may be empty); when empty,
// LAB_DEVICE is read. Throws UserError listing the devices when nothing matches.
DeviceInfo choose_device(const std::string& requested);

}  // namespace course
