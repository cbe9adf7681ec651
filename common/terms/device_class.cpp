#include "terms/device_class.hpp"

namespace course {

const char* device_class_name(DeviceClass c) {
    return c == DeviceClass::gpu ? "GPU" : "CPU";
}

const char* device_class_key(DeviceClass c) {
    return c == DeviceClass::gpu ? "gpu" : "cpu";
}

std::optional<DeviceClass> device_class_from_key(const std::string& key) {
    for (const DeviceClass c : {DeviceClass::cpu, DeviceClass::gpu}) {
        if (key == device_class_key(c)) return c;
    }
    return std::nullopt;
}

}  // namespace course
