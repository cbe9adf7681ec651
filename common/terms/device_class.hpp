// The two classes of device a lab is tuned for: lab.toml's [cpu] and [gpu] tables, and what
// harness/device_choice.hpp finds a device to be.
#pragma once

#include <optional>
#include <string>

namespace course {

enum class DeviceClass { cpu, gpu };

const char* device_class_name(DeviceClass c);  // "CPU" or "GPU", for what is printed
// How lab.toml and labcheck's files name a class: "cpu" or "gpu" (the [cpu]/[gpu] tables).
const char* device_class_key(DeviceClass c);
// The class a key names; nothing for anything but "cpu" and "gpu".
std::optional<DeviceClass> device_class_from_key(const std::string& key);

}  // namespace course
