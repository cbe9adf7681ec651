#include "tune/tune_space.hpp"

#include "util/user_error.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <utility>

namespace course {

namespace {

[[noreturn]] void bad_candidates(const std::string& file, const std::string& where, const std::string& happened) {
    throw UserError({"a list of candidate values per define, e.g. TILE_SIZE = [16, 32, 64]", happened,
                     fmt::format("{}, {}", file, where), "compare with labs/05-matmul-thread-work/lab.toml"});
}

std::vector<std::string> candidate_list(const toml::node& node, const std::string& file, const std::string& where) {
    const auto* array = node.as_array();
    if (array == nullptr) bad_candidates(file, where, "the value is not a list");
    if (array->empty()) bad_candidates(file, where, "the list is empty");
    std::vector<std::string> values;
    for (const auto& item : *array) {
        if (const auto i = item.value<std::int64_t>()) {
            values.push_back(std::to_string(*i));
        } else if (const auto s = item.value<std::string>()) {
            values.push_back(*s);
        } else {
            bad_candidates(file, where, "an element is neither a whole number nor a string");
        }
    }
    return values;
}

struct PlacedAxis {
    TuneAxis axis;
    std::uint32_t line = 0;  // where lab.toml lists it, so axes keep the file's order
};

// Adds or replaces the axes of one table ([tune] or [<class>.tune]).
void read_axes(const toml::table& table, const std::string& table_name, const std::string& file,
               std::vector<PlacedAxis>& axes) {
    for (const auto& [key, node] : table) {
        const std::string name(key.str());
        TuneAxis axis{name, candidate_list(node, file, fmt::format("[{}] {}", table_name, name))};
        auto existing =
            std::find_if(axes.begin(), axes.end(), [&](const PlacedAxis& a) { return a.axis.name == name; });
        if (existing != axes.end()) {
            existing->axis = axis;
        } else {
            axes.push_back({axis, node.source().begin.line});
        }
    }
}

std::vector<std::string> split_commas(const std::string& text) {
    std::vector<std::string> parts;
    std::size_t start = 0;
    for (std::size_t i = 0; i <= text.size(); ++i) {
        if (i == text.size() || text[i] == ',') {
            parts.push_back(text.substr(start, i - start));
            start = i + 1;
        }
    }
    return parts;
}

TuneAxis* find_axis(TuneSpace& space, const std::string& name) {
    for (auto& axis : space.axes) {
        if (axis.name == name) return &axis;
    }
    return nullptr;
}

std::string trim(const std::string& text) {
    const auto first = text.find_first_not_of(" \t\r\n");
    if (first == std::string::npos) return {};
    const auto last = text.find_last_not_of(" \t\r\n");
    return text.substr(first, last - first + 1);
}

// Where "file:42:2: message" splits: the end of the location and the start of
// the message; {0, 0} when the text starts with no location.
std::pair<std::size_t, std::size_t> split_location(const std::string& text) {
    for (std::size_t p = 1; p + 1 < text.size(); ++p) {
        if (text[p] == ':' && text[p + 1] == ' ' && std::isdigit(static_cast<unsigned char>(text[p - 1]))) {
            return {p, p + 2};
        }
    }
    return {0, 0};
}

// "labs/06-x/matmul.cl:42:2" -> "matmul.cl:42".
std::string short_location(std::string location) {
    const auto slash = location.find_last_of('/');
    if (slash != std::string::npos) location = location.substr(slash + 1);
    const auto first_colon = location.find(':');
    if (first_colon == std::string::npos) return location;
    const auto second_colon = location.find(':', first_colon + 1);
    return second_colon == std::string::npos ? location : location.substr(0, second_colon);
}

}  // namespace

std::size_t TuneSpace::size() const {
    std::size_t count = 1;
    for (const auto& axis : axes) count *= axis.values.size();
    return axes.empty() ? 0 : count;
}

TuneSpace read_tune_space(const toml::table& settings, DeviceClass device_class, const std::string& file) {
    const std::string class_key = device_class_key(device_class);
    const auto* general = settings["tune"].as_table();
    const auto* specific = settings[class_key]["tune"].as_table();
    std::vector<PlacedAxis> placed;
    if (general != nullptr) read_axes(*general, "tune", file, placed);
    if (specific != nullptr) read_axes(*specific, class_key + ".tune", file, placed);
    std::stable_sort(placed.begin(), placed.end(),
                     [](const PlacedAxis& x, const PlacedAxis& y) { return x.line < y.line; });
    TuneSpace space;
    for (auto& p : placed) space.axes.push_back(std::move(p.axis));
    return space;
}

void require_axes(const TuneSpace& space, const std::string& file) {
    if (!space.axes.empty()) return;
    throw UserError({"candidate values of the lab's defines: a [tune] table in lab.toml, or --values",
                     "the lab has no [tune] table and no --values was given, so `lab tune` has nothing to sweep", file,
                     "pass e.g. --values TILE_SIZE=16,32,64, or add a [tune] table (see labs/05-matmul-thread-work/lab.toml)"});
}

void replace_candidates(TuneSpace& space, const std::string& text) {
    const auto equals = text.find('=');
    const std::string name = trim(text.substr(0, equals));
    std::vector<std::string> values;
    if (equals != std::string::npos) {
        for (const auto& part : split_commas(text.substr(equals + 1))) values.push_back(trim(part));
    }
    const bool bad = name.empty() || values.empty() ||
                     std::any_of(values.begin(), values.end(), [](const std::string& v) { return v.empty(); });
    if (bad) {
        throw UserError({"NAME=V1,V2,... e.g. --values THREAD_WORK=2,4,8", fmt::format("\"{}\"", text), "--values",
                         "list the candidates separated by commas, without spaces"});
    }
    if (TuneAxis* axis = find_axis(space, name)) {
        axis->values = values;
    } else {
        space.axes.push_back({name, values});
    }
}

void pin(TuneSpace& space, const Define& define) {
    if (TuneAxis* axis = find_axis(space, define.name)) {
        axis->values = {define.value};
    } else {
        space.axes.push_back({define.name, {define.value}});
    }
}

std::vector<Defines> combinations(const TuneSpace& space) {
    std::vector<Defines> result;
    if (space.axes.empty()) return result;
    std::vector<std::size_t> index(space.axes.size(), 0);
    while (true) {
        Defines defines;
        for (std::size_t a = 0; a < space.axes.size(); ++a) {
            defines.set(space.axes[a].name, space.axes[a].values[index[a]]);
        }
        result.push_back(defines);
        // Count in mixed radix, the last axis fastest.
        std::size_t a = space.axes.size();
        while (a > 0) {
            --a;
            if (++index[a] < space.axes[a].values.size()) break;
            index[a] = 0;
            if (a == 0) return result;
        }
    }
}

std::string geometry_rejection(Geometry geometry, const Defines& defines, const Extents& extents) {
    try {
        launch_shape(geometry, defines, extents);
    } catch (const UserError& error) {
        return error.parts().happened;
    }
    return {};
}

std::size_t work_group_items(Geometry geometry, const Defines& defines) {
    try {
        const LaunchShape shape = launch_shape(geometry, defines, Extents{1, 1, 1});
        return shape.local[0] * shape.local[1];
    } catch (const UserError&) {
        return 0;
    }
}

std::string first_build_error(const std::string& mapped_log) {
    std::size_t start = 0;
    while (start < mapped_log.size()) {
        auto end = mapped_log.find('\n', start);
        if (end == std::string::npos) end = mapped_log.size();
        const std::string line = mapped_log.substr(start, end - start);
        start = end + 1;
        const auto marker = line.find("error: ");
        if (marker == std::string::npos) continue;
        // clang writes "file:42:2: error: message", PoCL "error: file:42:2: message".
        std::string location = trim(line.substr(0, marker));
        std::string message = trim(line.substr(marker + 7));
        if (location.empty()) {
            const auto split = split_location(message);
            location = message.substr(0, split.first);
            message = message.substr(split.second);
        } else if (location.back() == ':') {
            location.pop_back();
        }
        if (message.size() >= 2 && message.front() == '"' && message.back() == '"') {
            message = message.substr(1, message.size() - 2);  // an #error text
        }
        return location.empty() ? message : fmt::format("{} ({})", message, short_location(location));
    }
    return {};
}

std::string defaults_snippet(DeviceClass device_class, const TuneSpace& space, const Defines& best) {
    std::string text = fmt::format("[{}.defines]\n", device_class_key(device_class));
    for (const auto& axis : space.axes) {
        if (const auto value = best.get(axis.name)) {
            const bool number = !value->empty() && std::all_of(value->begin(), value->end(),
                                                               [](unsigned char c) { return std::isdigit(c); });
            text +=
                number ? fmt::format("{} = {}\n", axis.name, *value) : fmt::format("{} = \"{}\"\n", axis.name, *value);
        }
    }
    return text;
}

}  // namespace course
