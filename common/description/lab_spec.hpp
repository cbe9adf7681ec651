// A lab as data: the lab.toml in its folder says which host driver runs it,
// how its NDRange follows from its defines, which sizes it is checked and timed
// at, and what its speedup is measured against. Settings under [cpu] or [gpu]
// replace the general ones on that class of device.
#pragma once

#include "harness/defines.hpp"
#include "harness/device_choice.hpp"

#include <toml++/toml.h>

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace course {

struct SpeedupSpec {
    std::string baseline_file;  // under kernels/, e.g. "baselines/transpose_naive.cl"
    std::string baseline_geometry;
    // The host driver of the baseline kernel (`baseline_problem`); empty: the lab's own. Lab 08
    // (B an image) is timed against lab 03's naive kernel, which takes B as a buffer: "matmul".
    std::string baseline_problem;
    Defines baseline_defines;
    std::string size;        // the size both are timed at
    double min_ratio = 1.0;  // baseline time / lab time must be at least this
};

// One configuration of a lab's defines that its kernel must be right at. The
// correctness stage, Oclgrind and `lab run` check every set a lab lists.
struct DefineSet {
    std::string name;  // "cpu defaults", "gpu defaults", or a [[define_sets]] name: "asymmetric"
    Defines defines;   // complete: [defines] with the set's own values on top
};

struct LabSpec {
    std::string number;  // "02"
    std::string folder;  // "02-transpose-local"
    std::string title;
    std::string problem;      // host driver: "transpose", "matmul", "strassen", "matmul_image"
    std::string geometry;     // see launch_geometry.hpp
    std::string kernel_file;  // "transpose.cl"
    Defines defines;          // defaults for the device class it was loaded for
    Defines bench_defines;    // added to `defines` when `lab bench` runs the solution (its tuned extras)
    // The sets the kernel is checked at: this class's defaults first (the same as `defines`),
    // then the other class's defaults, then every [[define_sets]] entry; a set equal to an
    // earlier one is left out. Lab 01's single TILE_SIZE gives one set, "defaults".
    std::vector<DefineSet> define_sets;
    std::vector<std::string> check_sizes;
    std::string time_size;
    std::vector<std::string> bench_sizes;
    std::optional<SpeedupSpec> speedup;
    toml::table settings;  // the whole file, for settings of one driver (e.g. [strassen])

    // A value from `settings`, [cpu]/[gpu] first: e.g. setting<int64_t>(DeviceClass::gpu, "strassen", "levels").
    template <typename T>
    std::optional<T> setting(const std::string& section, const std::string& key) const {
        if (const auto v = settings[class_key][section][key].value<T>()) return v;
        return settings[section][key].value<T>();
    }
    std::string class_key;  // "cpu" or "gpu"
};

// The folders under labs/ that hold a lab.toml, sorted: "01-transpose-naive", ...
std::vector<std::string> lab_folders(const std::filesystem::path& root);

// The folder for "2", "02" or "02-transpose-local". Throws UserError listing the labs when none matches.
std::string find_lab_folder(const std::filesystem::path& root, const std::string& which);

// Reads labs/<folder>/lab.toml for a device class. Throws UserError naming the file and key on a bad file.
LabSpec load_lab(const std::filesystem::path& root, const std::string& which, DeviceClass device_class);

}  // namespace course
