#include "description/lab_spec.hpp"

#include "util/user_error.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace course {

namespace fs = std::filesystem;

namespace {

std::string lab_file_name(const std::string& folder) {
    return "labs/" + folder + "/lab.toml";
}

[[noreturn]] void bad_setting(const std::string& file, const std::string& key, const std::string& expected) {
    throw UserError({expected, fmt::format("\"{}\" is missing or has the wrong type", key), file,
                     "compare with another lab's lab.toml"});
}

std::string required_string(const toml::table& table, const std::string& key, const std::string& file) {
    if (const auto v = table[key].value<std::string>()) return *v;
    bad_setting(file, key, fmt::format("a string for {}", key));
}

// A value from [<class>.<section>] when present there, else from [<section>].
toml::node_view<const toml::node> pick(const toml::table& t, const std::string& cls, const std::string& section,
                                       const std::string& key) {
    auto specific = t[cls][section][key];
    return specific ? specific : t[section][key];
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

std::vector<std::string> string_list(toml::node_view<const toml::node> node, const std::string& key,
                                     const std::string& file) {
    std::vector<std::string> list;
    if (!node) return list;
    const auto* array = node.as_array();
    if (array == nullptr) bad_setting(file, key, "a list of sizes such as [\"1x1\", \"37x50\"]");
    for (const auto& item : *array) {
        const auto s = item.value<std::string>();
        if (!s) bad_setting(file, key, "a list of sizes such as [\"1x1\", \"37x50\"]");
        list.push_back(*s);
    }
    return list;
}

std::optional<SpeedupSpec> speedup_from(const toml::table& t, const std::string& cls, const std::string& file) {
    if (!t["speedup"]) return std::nullopt;
    SpeedupSpec s;
    s.baseline_file = pick(t, cls, "speedup", "baseline").value_or(std::string());
    s.baseline_geometry = pick(t, cls, "speedup", "baseline_geometry").value_or(std::string());
    s.baseline_problem = pick(t, cls, "speedup", "baseline_problem").value_or(std::string());
    s.size = pick(t, cls, "speedup", "size").value_or(std::string());
    s.min_ratio = pick(t, cls, "speedup", "min_ratio").value_or(0.0);
    if (s.baseline_file.empty() || s.baseline_geometry.empty() || s.size.empty() || s.min_ratio <= 0.0) {
        bad_setting(file, "speedup", "[speedup] with baseline, baseline_geometry, size and min_ratio > 0");
    }
    s.baseline_defines = defines_from(t["speedup"]["baseline_defines"].as_table(), file);
    s.baseline_defines.merge(defines_from(t[cls]["speedup"]["baseline_defines"].as_table(), file));
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
std::vector<DefineSet> define_sets_from(const toml::table& t, const std::string& cls, const std::string& file) {
    const std::string other = cls == "gpu" ? "cpu" : "gpu";
    const Defines base = defines_from(t["defines"].as_table(), file);
    std::vector<DefineSet> sets;
    Defines own = base;
    own.merge(defines_from(t[cls]["defines"].as_table(), file));
    Defines others = base;
    others.merge(defines_from(t[other]["defines"].as_table(), file));
    const bool one_default = same_defines(own, others);
    sets.push_back({one_default ? "defaults" : cls + " defaults", own});
    add_define_set(sets, {other + " defaults", others});

    const auto node = t["define_sets"];
    if (!node) return sets;
    const std::string expected = "[[define_sets]] tables, each with name = \"...\" and defines = { NAME = value, ... }";
    const auto* array = node.as_array();
    if (array == nullptr) bad_setting(file, "define_sets", expected);
    std::vector<std::string> names;
    for (const auto& item : *array) {
        const auto* entry = item.as_table();
        if (entry == nullptr) bad_setting(file, "define_sets", expected);
        for (const auto& [key, value] : *entry) {
            const std::string k(key.str());
            if (k != "name" && k != "defines") {
                throw UserError({"only the keys name and defines in a [[define_sets]] entry",
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
        add_define_set(sets, {*name, set});
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
    std::string wanted = which;
    if (wanted.size() == 1 && std::isdigit(static_cast<unsigned char>(wanted[0]))) wanted = "0" + wanted;
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

LabSpec load_lab(const fs::path& root, const std::string& which, DeviceClass device_class) {
    LabSpec spec;
    spec.folder = find_lab_folder(root, which);
    const std::string file = lab_file_name(spec.folder);
    try {
        spec.settings = toml::parse_file((root / "labs" / spec.folder / "lab.toml").string());
    } catch (const toml::parse_error& e) {
        throw UserError({"a valid TOML file", std::string(e.description()),
                         fmt::format("{}:{}", file, e.source().begin.line), "fix the syntax at that line"});
    }
    const toml::table& t = spec.settings;
    const std::string cls = device_class == DeviceClass::gpu ? "gpu" : "cpu";
    spec.class_key = cls;
    spec.number = spec.folder.substr(0, 2);
    spec.title = required_string(t, "title", file);
    spec.problem = required_string(t, "problem", file);
    spec.geometry = required_string(t, "geometry", file);
    spec.kernel_file = required_string(t, "kernel_file", file);
    spec.defines = defines_from(t["defines"].as_table(), file);
    spec.defines.merge(defines_from(t[cls]["defines"].as_table(), file));
    spec.define_sets = define_sets_from(t, cls, file);
    spec.bench_defines = defines_from(t["bench_defines"].as_table(), file);
    spec.bench_defines.merge(defines_from(t[cls]["bench_defines"].as_table(), file));
    spec.check_sizes = string_list(pick(t, cls, "sizes", "check"), "sizes.check", file);
    spec.time_size = pick(t, cls, "sizes", "time").value_or(std::string());
    spec.bench_sizes = string_list(pick(t, cls, "sizes", "bench"), "sizes.bench", file);
    if (spec.check_sizes.empty() || spec.time_size.empty()) {
        bad_setting(file, "sizes", "[sizes] with check = [...] and time = \"...\"");
    }
    spec.speedup = speedup_from(t, cls, file);
    return spec;
}

}  // namespace course
