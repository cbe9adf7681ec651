// The launch geometries a lab's lab.toml names (`geometry = "tile"`); how each turns defines
// and sizes into an NDRange is harness/launch_geometry.hpp's job.
#pragma once

#include <optional>
#include <string>

namespace course {

// The geometries of harness/launch_geometry.hpp, as lab.toml's `geometry` key names them.
enum class Geometry { tile, thread_work, register_tiles };

const char* geometry_name(Geometry geometry);  // "tile", "thread_work", "register_tiles"
// The geometry a name stands for; nothing for an unknown name.
std::optional<Geometry> geometry_named(const std::string& name);
// "tile, thread_work, register_tiles": for messages that list what is allowed.
std::string geometry_names();

}  // namespace course
