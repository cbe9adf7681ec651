#include "terms/geometry.hpp"

namespace course {

namespace {

constexpr Geometry kGeometries[] = {Geometry::tile, Geometry::thread_work, Geometry::register_tiles};

}  // namespace

const char* geometry_name(Geometry geometry) {
    switch (geometry) {
        case Geometry::tile:
            return "tile";
        case Geometry::thread_work:
            return "thread_work";
        case Geometry::register_tiles:
            return "register_tiles";
    }
    return "?";
}

std::optional<Geometry> geometry_named(const std::string& name) {
    for (const Geometry g : kGeometries) {
        if (name == geometry_name(g)) return g;
    }
    return std::nullopt;
}

std::string geometry_names() {
    std::string names;
    for (const Geometry g : kGeometries) names += (names.empty() ? "" : ", ") + std::string(geometry_name(g));
    return names;
}

}  // namespace course
