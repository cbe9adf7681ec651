// The JSON forms of common's values that parent and child pass to each other, so that the job file
// and the events carry them typed and nobody converts them by hand:
//   course::Defines      [["TILE_SIZE", "16"], ["THREAD_WORK", "4"]]  (in the order given)
//   course::DeviceClass  "cpu" or "gpu"  (course::device_class_key, the one name table)
// Reading a malformed value throws, as any malformed job or event does.
#pragma once

#include "terms/defines.hpp"
#include "terms/device_class.hpp"

#include <nlohmann/json.hpp>

#include <stdexcept>
#include <string>

namespace nlohmann {

template <>
struct adl_serializer<course::Defines> {
    static void to_json(json& j, const course::Defines& defines) {
        j = json::array();
        for (const auto& d : defines.items()) j.push_back({d.name, d.value});
    }
    static void from_json(const json& j, course::Defines& defines) {
        defines = {};
        for (const auto& d : j) defines.set(d.at(0).get<std::string>(), d.at(1).get<std::string>());
    }
};

template <>
struct adl_serializer<course::DeviceClass> {
    static void to_json(json& j, course::DeviceClass device_class) { j = course::device_class_key(device_class); }
    static void from_json(const json& j, course::DeviceClass& device_class) {
        const auto key = j.get<std::string>();
        const auto known = course::device_class_from_key(key);
        if (!known) throw std::invalid_argument("\"" + key + "\" is not a known device class (cpu or gpu)");
        device_class = *known;
    }
};

}  // namespace nlohmann
