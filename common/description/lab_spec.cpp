#include "description/lab_spec.hpp"

#include "description/lab_number.hpp"

#include "util/user_error.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace course {

namespace fs = std::filesystem;

namespace {

[[noreturn]] void bad_setting(const std::string& file, const std::string& key, const std::string& expected) {
    throw UserError({expected, fmt::format("\"{}\" is missing or has the wrong type", key), file,
                     "compare with another lab's lab.toml"});
}

std::string required_string(const toml::table& table, const std::string& key, const std::string& file) {
    if (const auto v = table[key].value<std::string>()) return *v;
    bad_setting(file, key, fmt::format("a string for {}", key));
}

Defines defines_from(const toml::table* table, const std::string& file) {
    Defines defines;
    if (table == nullptr) return defines;
    for (const auto& [key, value] : *table) {
        const std::string name(key.str());
        if (const auto i = value.value<std::int64_t>()) {
            defines.set(name, std::to_string(*i));
        } else if (const auto s = value.value<std::string>()) {
            defines.set(name, *s);
        } else {
            bad_setting(file, name, "a define given as a whole number or a string");
        }
    }
    return defines;
}

// A value from [<class>.<section>] when present there, else from [<section>]: the class override.
toml::node_view<const toml::node> pick(const toml::table& t, DeviceClass cls, const std::string& section,
                                       const std::string& key) {
    auto specific = t[device_class_key(cls)][section][key];
    return specific ? specific : t[section][key];
}

// A table from [<section>] with [<class>.<section>]'s entries on top (defines add up by name).
Defines class_defines(const toml::table& t, DeviceClass cls, const std::string& section, const std::string& file) {
    Defines defines = defines_from(t[section].as_table(), file);
    defines.merge(defines_from(t[device_class_key(cls)][section].as_table(), file));
    return defines;
}

// The name of a kind, a geometry, ...: a string that must be one of `known`.
template <typename Parse>
auto named_setting(const toml::table& t, const std::string& key, const std::string& file, Parse parse,
                   const std::string& known) {
    const std::string name = required_string(t, key, file);
    const auto value = parse(name);
    if (!value) {
        throw UserError({fmt::format("{} = one of {}", key, known), fmt::format("{} = \"{}\"", key, name), file,
                         fmt::format("fix the {} key of the lab", key)});
    }
    return *value;
}

LabSize size_setting(const std::string& text, SizeForm form, const std::string& key, const std::string& file) {
    try {
        return lab_size(text, form);
    } catch (const UserError& e) {
        throw UserError({e.parts().expected, e.parts().happened, fmt::format("{} ({})", file, key),
                         "write the size as the other labs of its kind do"});
    }
}

std::vector<LabSize> size_list(const toml::table& t, DeviceClass cls, const std::string& key, SizeForm form,
                               const std::string& file) {
    std::vector<LabSize> list;
    const auto node = pick(t, cls, "sizes", key);
    if (!node) return list;
    const std::string expected = "a list of sizes such as [\"1x1\", \"37x50\"]";
    const auto* array = node.as_array();
    if (array == nullptr) bad_setting(file, "sizes." + key, expected);
    for (const auto& item : *array) {
        const auto s = item.value<std::string>();
        if (!s) bad_setting(file, "sizes." + key, expected);
        list.push_back(size_setting(*s, form, "sizes." + key, file));
    }
    return list;
}

std::optional<SpeedupSpec> speedup_from(const toml::table& t, DeviceClass cls, SizeForm form,
                                        const std::string& file) {
    if (!t["speedup"]) return std::nullopt;
    SpeedupSpec s;
    s.baseline_file = pick(t, cls, "speedup", "baseline").value_or(std::string());
    const std::string geometry = pick(t, cls, "speedup", "baseline_geometry").value_or(std::string());
    const std::string size = pick(t, cls, "speedup", "size").value_or(std::string());
    s.min_ratio = pick(t, cls, "speedup", "min_ratio").value_or(0.0);
    if (s.baseline_file.empty() || geometry.empty() || size.empty() || s.min_ratio <= 0.0) {
        bad_setting(file, "speedup", "[speedup] with baseline, baseline_geometry, size and min_ratio > 0");
    }
    const auto known = geometry_named(geometry);
    if (!known) {
        throw UserError({"speedup.baseline_geometry = one of " + geometry_names(),
                         fmt::format("baseline_geometry = \"{}\"", geometry), file,
                         "fix the baseline_geometry key of the lab's [speedup]"});
    }
    s.baseline_geometry = *known;
    if (const auto problem = pick(t, cls, "speedup", "baseline_problem").value<std::string>()) {
        s.baseline_problem = problem_kind_named(*problem);
        if (!s.baseline_problem) {
            throw UserError({"speedup.baseline_problem = one of " + problem_kind_names(),
                             fmt::format("baseline_problem = \"{}\"", *problem), file,
                             "fix the baseline_problem key of the lab's [speedup], or leave it out (the lab's own)"});
        }
    }
    s.size = size_setting(size, form, "speedup.size", file);
    s.baseline_defines = defines_from(t["speedup"]["baseline_defines"].as_table(), file);
    s.baseline_defines.merge(defines_from(t[device_class_key(cls)]["speedup"]["baseline_defines"].as_table(), file));
    return s;
}

bool same_defines(const Defines& a, const Defines& b) {
    if (a.items().size() != b.items().size()) return false;
    for (const auto& d : a.items()) {
        if (b.get(d.name) != d.value) return false;
    }
    return true;
}

void add_define_set(std::vector<DefineSet>& sets, DefineSet set) {
    for (const auto& earlier : sets) {
        if (same_defines(earlier.defines, set.defines)) return;
    }
    sets.push_back(std::move(set));
}

// The class defaults (this class first), then each [[define_sets]] entry on top of [defines].
// [[defines_by_size]] for one class: its own entries ([cpu]/[gpu]) else the general ones.
std::vector<SizedDefines> sized_defines_from(const toml::table& t, DeviceClass cls, const std::string& file) {
    auto node = t[device_class_key(cls)]["defines_by_size"];
    if (!node) node = t["defines_by_size"];
    if (!node) return {};
    const std::string expected = "[[defines_by_size]] tables, each with up_to = N (> 0) and defines = { NAME = value }";
    const auto* array = node.as_array();
    if (array == nullptr) bad_setting(file, "defines_by_size", expected);
    std::vector<SizedDefines> sized;
    for (const auto& item : *array) {
        const auto* entry = item.as_table();
        const auto up_to = entry != nullptr ? (*entry)["up_to"].value<std::int64_t>() : std::nullopt;
        const auto* defines = entry != nullptr ? (*entry)["defines"].as_table() : nullptr;
        if (!up_to || *up_to <= 0 || defines == nullptr) bad_setting(file, "defines_by_size", expected);
        SizedDefines s{static_cast<std::size_t>(*up_to), class_defines(t, cls, "defines", file)};
        s.defines.merge(defines_from(defines, file));
        sized.push_back(std::move(s));
    }
    std::sort(sized.begin(), sized.end(), [](const SizedDefines& a, const SizedDefines& b) { return a.up_to < b.up_to; });
    return sized;
}

std::vector<DefineSet> define_sets_from(const toml::table& t, DeviceClass cls, const std::string& file) {
    const DeviceClass other = cls == DeviceClass::gpu ? DeviceClass::cpu : DeviceClass::gpu;
    const Defines base = defines_from(t["defines"].as_table(), file);
    std::vector<DefineSet> sets;
    const Defines own = class_defines(t, cls, "defines", file);
    const Defines others = class_defines(t, other, "defines", file);
    const bool one_default = same_defines(own, others);
    sets.push_back({one_default ? "defaults" : device_class_key(cls) + std::string(" defaults"), own, ""});
    add_define_set(sets, {device_class_key(other) + std::string(" defaults"), others, ""});

    const auto node = t["define_sets"];
    if (!node) return sets;
    const std::string expected = "[[define_sets]] tables, each with name = \"...\" and defines = { NAME = value, ... }"
                                 " (and, for an optional extension's set, only_if_used = \"DEFINE\")";
    const auto* array = node.as_array();
    if (array == nullptr) bad_setting(file, "define_sets", expected);
    std::vector<std::string> names;
    for (const auto& item : *array) {
        const auto* entry = item.as_table();
        if (entry == nullptr) bad_setting(file, "define_sets", expected);
        for (const auto& [key, value] : *entry) {
            const std::string k(key.str());
            if (k != "name" && k != "defines" && k != "only_if_used") {
                throw UserError({"only the keys name, defines and only_if_used in a [[define_sets]] entry",
                                 fmt::format("an unknown key \"{}\"", k), file,
                                 "remove it (a comment can say why the set is there)"});
            }
        }
        const auto name = (*entry)["name"].value<std::string>();
        const auto* defines = (*entry)["defines"].as_table();
        if (!name || name->empty() || defines == nullptr || defines->empty()) {
            bad_setting(file, "define_sets", expected);
        }
        for (const auto& earlier : sets) {
            if (earlier.name == *name) {
                throw UserError({"a different name for each define set",
                                 fmt::format("two define sets are named \"{}\"", *name), file, "rename one of them"});
            }
        }
        Defines set = base;
        set.merge(defines_from(defines, file));
        const auto only_if_used = (*entry)["only_if_used"].value<std::string>();
        if ((*entry)["only_if_used"] && (!only_if_used || only_if_used->empty())) {
            bad_setting(file, "define_sets", "only_if_used = \"DEFINE\": the name the extension's kernel uses");
        }
        add_define_set(sets, {*name, set, only_if_used.value_or("")});
    }
    return sets;
}

}  // namespace

std::vector<std::string> lab_folders(const fs::path& root) {
    std::vector<std::string> folders;
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(root / "labs", ec)) {
        if (entry.is_directory() && fs::exists(entry.path() / "lab.toml")) {
            folders.push_back(entry.path().filename().string());
        }
    }
    std::sort(folders.begin(), folders.end());
    return folders;
}

std::string find_lab_folder(const fs::path& root, const std::string& which) {
    const auto folders = lab_folders(root);
    // A number alone ("4", "04") names the lab with that number; anything else is the folder's name or its start.
    const bool number_only = !which.empty() && std::all_of(which.begin(), which.end(), [](unsigned char c) {
        return std::isdigit(c) != 0;
    });
    const std::string wanted = number_only ? lab_number(which) : which;
    for (const auto& folder : folders) {
        if (folder == wanted || folder.rfind(wanted + "-", 0) == 0) return folder;
    }
    std::string known;
    for (const auto& folder : folders) known += "\n    " + folder;
    if (folders.empty()) {
        throw UserError({"a labs/ folder with one folder per lab",
                         fmt::format("no labs found under {}", (root / "labs").string()), "course root",
                         "run from the course repository, or pass --root DIR (or set LAB_ROOT)"});
    }
    throw UserError({"a lab number such as 02, or a lab folder name",
                     fmt::format("no lab \"{}\"; the labs are:{}", which, known), "lab argument", "e.g. `lab run 02`"});
}

LabSize lab_size(const std::string& text, SizeForm form) {
    return {text, parse_problem_size(text, form)};
}

toml::node_view<const toml::node> LabSpec::setting_node(const std::string& section, const std::string& key) const {
    return pick(settings, device_class, section, key);
}

namespace {

toml::table parse_lab_file(const fs::path& path, const std::string& file) {
    try {
        return toml::parse_file(path.string());
    } catch (const toml::parse_error& e) {
        throw UserError({"a valid TOML file", std::string(e.description()),
                         fmt::format("{}:{}", file, e.source().begin.line), "fix the syntax at that line"});
    }
}

void read_sizes(LabSpec& spec, const std::string& file) {
    const toml::table& t = spec.settings;
    const SizeForm form = spec.size_form();
    spec.check_sizes = size_list(t, spec.device_class, "check", form, file);
    const std::string time = pick(t, spec.device_class, "sizes", "time").value_or(std::string());
    if (spec.check_sizes.empty() || time.empty()) {
        bad_setting(file, "sizes", "[sizes] with check = [...] and time = \"...\"");
    }
    spec.time_size = size_setting(time, form, "sizes.time", file);
    spec.bench_sizes = size_list(t, spec.device_class, "bench", form, file);
}

// [memory]: size = "64x64", defines = { ... } on top of the class's defaults.
std::optional<MemorySpec> memory_from(const toml::table& t, DeviceClass cls, SizeForm form, const std::string& file) {
    if (!t["memory"] && !t[device_class_key(cls)]["memory"]) return std::nullopt;
    const auto size = pick(t, cls, "memory", "size").value<std::string>();
    if (!size) bad_setting(file, "memory.size", "a size for the memory report, e.g. size = \"64x64\"");
    MemorySpec memory;
    memory.size = size_setting(*size, form, "memory.size", file);
    memory.defines = class_defines(t, cls, "defines", file);
    memory.defines.merge(defines_from(t["memory"]["defines"].as_table(), file));
    memory.defines.merge(defines_from(t[device_class_key(cls)]["memory"]["defines"].as_table(), file));
    return memory;
}

}  // namespace

LabSpec load_lab(const fs::path& root, const std::string& which, DeviceClass device_class) {
    LabSpec spec;
    spec.folder = find_lab_folder(root, which);
    const std::string file = spec.file();
    spec.settings = parse_lab_file(root / "labs" / spec.folder / "lab.toml", file);
    const toml::table& t = spec.settings;
    spec.device_class = device_class;
    spec.number = lab_number(spec.folder);
    spec.title = required_string(t, "title", file);
    spec.problem = named_setting(t, "problem", file, problem_kind_named, problem_kind_names());
    spec.geometry = named_setting(t, "geometry", file, geometry_named, geometry_names());
    spec.kernel_file = required_string(t, "kernel_file", file);
    spec.defines = class_defines(t, device_class, "defines", file);
    spec.define_sets = define_sets_from(t, device_class, file);
    spec.bench_defines = class_defines(t, device_class, "bench_defines", file);
    spec.defines_by_size = sized_defines_from(t, device_class, file);
    read_sizes(spec, file);
    spec.speedup = speedup_from(t, device_class, spec.size_form(), file);
    spec.memory = memory_from(t, device_class, spec.size_form(), file);
    return spec;
}

const Defines& LabSpec::defines_for(const ProblemSize& size) const {
    const std::size_t largest = std::max({size.m, size.k, size.n});
    for (const auto& sized : defines_by_size) {
        if (largest <= sized.up_to) return sized.defines;
    }
    return defines;
}

}  // namespace course
