#include "harness/device_choice.hpp"

#include "util/user_error.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>

namespace course {

namespace {

std::string lowercase(std::string text) {
    std::transform(text.begin(), text.end(), text.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return text;
}

std::string trimmed(const std::string& text) {
    const auto first = text.find_first_not_of(" \t\n\r");
    if (first == std::string::npos) return {};
    const auto last = text.find_last_not_of(" \t\n\r");
    return text.substr(first, last - first + 1);
}

std::string device_listing(const std::vector<DeviceInfo>& devices) {
    std::string listing;
    for (const auto& d : devices) {
        listing += fmt::format("\n    {}  {} ({})", d.index, d.label(), device_class_name(d.device_class));
    }
    return listing;
}

}  // namespace

std::string DeviceInfo::label() const {
    return platform_name + " / " + device_name;
}

std::vector<DeviceInfo> list_devices() {
    std::vector<DeviceInfo> devices;
    std::vector<cl::Platform> platforms;
    try {
        cl::Platform::get(&platforms);
    } catch (const cl::Error&) {
        return devices;  // no ICD registered: clGetPlatformIDs reports CL_PLATFORM_NOT_FOUND_KHR
    }
    for (const auto& platform : platforms) {
        std::vector<cl::Device> found;
        try {
            platform.getDevices(CL_DEVICE_TYPE_ALL, &found);
        } catch (const cl::Error&) {
            continue;  // a platform with no devices
        }
        for (const auto& device : found) {
            DeviceInfo info;
            info.index = static_cast<int>(devices.size());
            info.platform_name = trimmed(platform.getInfo<CL_PLATFORM_NAME>());
            info.device_name = trimmed(device.getInfo<CL_DEVICE_NAME>());
            info.driver_version = trimmed(device.getInfo<CL_DRIVER_VERSION>());
            const auto type = device.getInfo<CL_DEVICE_TYPE>();
            info.device_class =
                (type & (CL_DEVICE_TYPE_GPU | CL_DEVICE_TYPE_ACCELERATOR)) ? DeviceClass::gpu : DeviceClass::cpu;
            info.device = device;
            devices.push_back(info);
        }
    }
    return devices;
}

int match_device(const std::vector<std::string>& labels, const std::string& pattern) {
    const std::string wanted = lowercase(trimmed(pattern));
    if (wanted.empty()) return -1;
    const bool all_digits = std::all_of(wanted.begin(), wanted.end(), [](unsigned char c) { return std::isdigit(c); });
    if (all_digits) {
        const long index = std::strtol(wanted.c_str(), nullptr, 10);
        return index < static_cast<long>(labels.size()) ? static_cast<int>(index) : -1;
    }
    // PoCL calls its platform "Portable Computing Language"; users call it pocl.
    const std::string name_part = wanted == "pocl" ? "portable computing language" : wanted;
    for (std::size_t i = 0; i < labels.size(); ++i) {
        if (lowercase(labels[i]).find(name_part) != std::string::npos) return static_cast<int>(i);
    }
    return -1;
}

int default_device(const std::vector<DeviceClass>& classes) {
    if (classes.empty()) return -1;
    const auto gpu = std::find(classes.begin(), classes.end(), DeviceClass::gpu);
    return gpu != classes.end() ? static_cast<int>(gpu - classes.begin()) : 0;
}

DeviceInfo choose_device(const std::string& requested) {
    const auto devices = list_devices();
    if (devices.empty()) {
        throw UserError({"at least one OpenCL device (PoCL gives every machine a CPU device)",
                         "no OpenCL platform or device was found", "OpenCL ICD loader",
                         "install PoCL: sudo apt-get install pocl-opencl-icd, then run `lab devices`"});
    }
    std::string pattern = requested;
    std::string source = "--device";
    if (pattern.empty()) {
        if (const char* env = std::getenv("LAB_DEVICE"); env != nullptr && *env != '\0') {
            pattern = env;
            source = "LAB_DEVICE";
        }
    }
    if (pattern.empty()) {
        std::vector<DeviceClass> classes;
        for (const auto& d : devices) classes.push_back(d.device_class);
        return devices[static_cast<std::size_t>(default_device(classes))];
    }
    std::vector<std::string> labels;
    for (const auto& d : devices) labels.push_back(d.label());
    const int index = match_device(labels, pattern);
    if (index < 0) {
        throw UserError({"a device index or a part of a platform or device name",
                         fmt::format("no device matches \"{}\"; these exist:{}", pattern, device_listing(devices)),
                         source, "pass one of the indices or names above, e.g. --device 0 or --device pocl"});
    }
    return devices[static_cast<std::size_t>(index)];
}

}  // namespace course
