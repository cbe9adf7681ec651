#include "description/tuned_defaults.hpp"

#include "util/user_error.hpp"

#include <fmt/format.h>
#include <toml++/toml.h>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <tuple>

namespace course {

namespace fs = std::filesystem;

namespace {

const char* const kExpected =
    "[[device]] entries, each with name = \"CL_DEVICE_NAME\", driver = \"CL_DRIVER_VERSION\", "
    "defines = { NAME = value } and optionally up_to = N (> 0), solution_only = true, measured = \"...\"";

[[noreturn]] void bad_entry(const std::string& display, std::size_t index, const std::string& happened) {
    throw UserError({kExpected, happened, fmt::format("{}, [[device]] entry {}", display, index + 1),
                     "fix the entry, or delete it and run `lab tune NN --save` on that device again"});
}

Defines entry_defines(const toml::table* table, const std::string& display, std::size_t index) {
    if (table == nullptr || table->empty()) bad_entry(display, index, "defines is missing or empty");
    Defines defines;
    for (const auto& [key, value] : *table) {
        if (const auto i = value.value<std::int64_t>()) {
            defines.set(std::string(key.str()), std::to_string(*i));
        } else if (const auto s = value.value<std::string>()) {
            defines.set(std::string(key.str()), *s);
        } else {
            bad_entry(display, index, fmt::format("define {} is neither a whole number nor a string", key.str()));
        }
    }
    return defines;
}

TunedEntry read_entry(const toml::table& t, const std::string& display, std::size_t index) {
    for (const auto& [key, value] : t) {
        const std::string k(key.str());
        if (k != "name" && k != "driver" && k != "up_to" && k != "solution_only" && k != "defines" &&
            k != "measured") {
            bad_entry(display, index, fmt::format("an unknown key \"{}\"", k));
        }
    }
    TunedEntry entry;
    const auto name = t["name"].value<std::string>();
    const auto driver = t["driver"].value<std::string>();
    if (!name || name->empty() || !driver || driver->empty()) bad_entry(display, index, "name or driver is missing");
    entry.device = {*name, *driver};
    if (t["up_to"]) {
        const auto up_to = t["up_to"].value<std::int64_t>();
        if (!up_to || *up_to <= 0) bad_entry(display, index, "up_to is not a whole number above 0");
        entry.up_to = static_cast<std::size_t>(*up_to);
    }
    if (t["solution_only"]) {
        const auto only = t["solution_only"].value<bool>();
        if (!only) bad_entry(display, index, "solution_only is not true or false");
        entry.solution_only = *only;
    }
    entry.defines = entry_defines(t["defines"].as_table(), display, index);
    entry.measured = t["measured"].value_or(std::string());
    return entry;
}

bool same_slot(const TunedEntry& a, const TunedEntry& b) {
    return a.device.name == b.device.name && a.device.driver == b.device.driver && a.up_to == b.up_to &&
           a.solution_only == b.solution_only;
}

// TOML's basic string: quotes and backslashes escaped (device names and notes are plain text).
std::string quoted(const std::string& text) {
    std::string out = "\"";
    for (const char c : text) {
        if (c == '"' || c == '\\') out += '\\';
        out += c;
    }
    return out + "\"";
}

// A define's value as it was written: a whole number bare, anything else quoted.
std::string value_text(const std::string& value) {
    const bool number = !value.empty() && value.size() < 18 &&
                        std::all_of(value.begin(), value.end(), [](unsigned char c) { return std::isdigit(c) != 0; });
    return number ? value : quoted(value);
}

}  // namespace

fs::path tuned_file_path(const fs::path& root, const std::string& folder) {
    return root / "labs" / folder / "tuned.toml";
}

TunedDefaults parse_tuned_defaults(const std::string& text, const std::string& display) {
    toml::table t;
    try {
        t = toml::parse(text, display);
    } catch (const toml::parse_error& e) {
        throw UserError({"a valid TOML file", std::string(e.description()),
                         fmt::format("{}:{}", display, e.source().begin.line), "fix the syntax at that line"});
    }
    TunedDefaults tuned;
    for (const auto& [key, value] : t) {
        if (key.str() != "device") {
            throw UserError({kExpected, fmt::format("a top-level key \"{}\"", key.str()), display,
                             "keep only [[device]] entries in the file"});
        }
    }
    const auto* array = t["device"].as_array();
    if (t["device"] && array == nullptr) bad_entry(display, 0, "device is not a list of [[device]] tables");
    if (array == nullptr) return tuned;
    for (std::size_t i = 0; i < array->size(); ++i) {
        const auto* entry = (*array)[i].as_table();
        if (entry == nullptr) bad_entry(display, i, "the entry is not a table");
        tuned.entries.push_back(read_entry(*entry, display, i));
    }
    return tuned;
}

TunedDefaults read_tuned_defaults(const fs::path& path, const std::string& display) {
    std::ifstream in(path);
    if (!in) return {};
    std::stringstream text;
    text << in.rdbuf();
    return parse_tuned_defaults(text.str(), display);
}

std::vector<const TunedEntry*> entries_for(const TunedDefaults& tuned, const DeviceIdentity& device) {
    std::vector<const TunedEntry*> found;
    for (const auto& entry : tuned.entries) {
        if (entry.device.name == device.name && entry.device.driver == device.driver) found.push_back(&entry);
    }
    return found;
}

bool apply_tuned_defaults(LabSpec& spec, const TunedDefaults& tuned, const DeviceIdentity& device) {
    const auto entries = entries_for(tuned, device);
    if (entries.empty()) return false;
    const Defines lab_defaults = spec.defines;
    for (const auto* entry : entries) {
        if (entry->up_to || entry->solution_only) continue;
        spec.defines.merge(entry->defines);
    }
    std::vector<SizedDefines> sized;
    for (const auto* entry : entries) {
        if (!entry->up_to || entry->solution_only) continue;
        SizedDefines s{*entry->up_to, spec.defines};
        s.defines.merge(entry->defines);
        sized.push_back(std::move(s));
    }
    if (sized.empty()) {  // lab.toml's, with their own values on the device's defaults
        for (auto& s : spec.defines_by_size) {
            Defines rebuilt = spec.defines;
            for (const auto& d : s.defines.items()) {
                if (lab_defaults.get(d.name) != d.value) rebuilt.set(d.name, d.value);
            }
            s.defines = std::move(rebuilt);
        }
    } else {
        std::sort(sized.begin(), sized.end(), [](const SizedDefines& a, const SizedDefines& b) { return a.up_to < b.up_to; });
        spec.defines_by_size = std::move(sized);
    }
    for (const auto* entry : entries) {
        if (entry->solution_only) spec.bench_defines = entry->defines;
    }
    return true;
}

std::string apply_tuned_file(LabSpec& spec, const fs::path& root, const DeviceIdentity& device) {
    const std::string display = "labs/" + spec.folder + "/tuned.toml";
    const TunedDefaults tuned = read_tuned_defaults(tuned_file_path(root, spec.folder), display);
    return apply_tuned_defaults(spec, tuned, device) ? display : std::string();
}

void save_entry(TunedDefaults& tuned, TunedEntry entry) {
    for (auto& existing : tuned.entries) {
        if (same_slot(existing, entry)) {
            existing = std::move(entry);
            return;
        }
    }
    tuned.entries.push_back(std::move(entry));
}

std::string tuned_defaults_text(const TunedDefaults& tuned, const std::string& lab_number) {
    std::vector<TunedEntry> entries = tuned.entries;
    std::stable_sort(entries.begin(), entries.end(), [](const TunedEntry& a, const TunedEntry& b) {
        const std::size_t all = static_cast<std::size_t>(-1);
        return std::make_tuple(a.device.name, a.device.driver, a.solution_only, a.up_to.value_or(all)) <
               std::make_tuple(b.device.name, b.device.driver, b.solution_only, b.up_to.value_or(all));
    });
    std::string text = fmt::format(
        "# Lab {0}'s defaults tuned per device (common/description/tuned_defaults.hpp): `lab run`, `lab bench`\n"
        "# and labcheck's timing use an entry on the device it names (CL_DEVICE_NAME and CL_DRIVER_VERSION,\n"
        "# exactly), on top of lab.toml's defaults; elsewhere lab.toml's stay. Correctness define sets never\n"
        "# change. Written by `lab tune {0} --save` (an entry per device, driver, up_to and solution_only).\n",
        lab_number);
    for (const auto& e : entries) {
        text += fmt::format("\n[[device]]\nname = {}\ndriver = {}\n", quoted(e.device.name), quoted(e.device.driver));
        if (e.up_to) text += fmt::format("up_to = {}\n", *e.up_to);
        if (e.solution_only) text += "solution_only = true\n";
        std::string defines;
        for (const auto& d : e.defines.items()) {
            defines += fmt::format("{}{} = {}", defines.empty() ? "" : ", ", d.name, value_text(d.value));
        }
        text += fmt::format("defines = {{ {} }}\n", defines);
        if (!e.measured.empty()) text += fmt::format("measured = {}\n", quoted(e.measured));
    }
    return text;
}

bool names_extension(const LabSpec& spec, const Defines& defines) {
    for (const auto& set : spec.define_sets) {
        if (!set.only_if_used.empty() && defines.get(set.only_if_used)) return true;
    }
    return false;
}

bool takes_extension_defines(const LabSpec& spec, const std::function<bool(const std::string&)>& kernel_uses) {
    if (spec.bench_defines.empty()) return false;
    for (const auto& set : spec.define_sets) {
        if (!set.only_if_used.empty() && spec.bench_defines.get(set.only_if_used) && !kernel_uses(set.only_if_used)) {
            return false;
        }
    }
    return true;
}

}  // namespace course
