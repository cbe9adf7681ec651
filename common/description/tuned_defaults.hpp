// Each device's own tuned defaults, like CLBlast's database: labs/NN-name/tuned.toml
// lists, per device (its OpenCL name and driver version), the defines `lab tune NN --save`
// found best there. `lab run`, `lab bench` and labcheck's timing take them on top of the
// lab.toml defaults when the device they run on is one an entry names; on any other device
// (PoCL included, unless an entry names it) lab.toml's [gpu.defines] / [cpu.defines] stay.
// Correctness define sets never change: an entry moves only what is timed.
//
// The file (written by `lab tune --save`, readable and editable by hand):
//
//     [[device]]
//     name = "NVIDIA H200"          # CL_DEVICE_NAME, exactly
//     driver = "580.159.04"         # CL_DRIVER_VERSION, exactly
//     up_to = 1024                  # optional: only sizes whose largest dimension is at most this
//     solution_only = true          # optional: extension defines, where [gpu.bench_defines] go
//     defines = { TILE_M = 64, TILE_N = 128 }
//     measured = "35.1 TFLOP/s at 1024x1024x1024 (lab tune 06 --solution --size 1024, 2026-11-28)"
#pragma once

#include "description/lab_spec.hpp"
#include "terms/defines.hpp"

#include <cstddef>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace course {

// The device a run is on, as the tuned file names it.
struct DeviceIdentity {
    std::string name;    // CL_DEVICE_NAME, e.g. "NVIDIA H200"
    std::string driver;  // CL_DRIVER_VERSION, e.g. "580.159.04"
};

// One device's tuned defines, for all sizes or for small ones.
struct TunedEntry {
    DeviceIdentity device;
    std::optional<std::size_t> up_to;  // none: every size (it replaces the class's [defines])
    // The defines name an extension of the lab (a define set's only_if_used): a kernel without the
    // extension cannot take them, so they go where [gpu.bench_defines] goes: the solution's `lab bench`,
    // and `lab run` of a kernel with the extension (takes_extension_defines).
    bool solution_only = false;
    Defines defines;       // on top of the class's defaults
    std::string measured;  // what the tuning measured, for people
};

struct TunedDefaults {
    std::vector<TunedEntry> entries;  // in the file's order
};

// labs/<folder>/tuned.toml under the course root.
std::filesystem::path tuned_file_path(const std::filesystem::path& root, const std::string& folder);

// Reads the file; a missing file is no entries. Throws UserError naming `display` and the entry on a bad one.
TunedDefaults read_tuned_defaults(const std::filesystem::path& path, const std::string& display);
TunedDefaults parse_tuned_defaults(const std::string& text, const std::string& display);

// The entries for exactly this device name and driver version, in file order.
std::vector<const TunedEntry*> entries_for(const TunedDefaults& tuned, const DeviceIdentity& device);

// Puts the device's entries in place of the spec's defaults: one without up_to replaces `defines`
// (the class's with the entry on top); ones with up_to replace `defines_by_size` (lab.toml's stay,
// rebuilt on the new defaults, when the device has none); a solution_only one replaces
// `bench_defines`. `define_sets` are left as they are. Returns whether any entry applied.
bool apply_tuned_defaults(LabSpec& spec, const TunedDefaults& tuned, const DeviceIdentity& device);

// Reads the lab's tuned.toml and applies it for `device` (the two above). Returns the file's
// display name when an entry applied, else "".
std::string apply_tuned_file(LabSpec& spec, const std::filesystem::path& root, const DeviceIdentity& device);

// Adds `entry`, replacing one for the same device, driver, up_to and solution_only.
void save_entry(TunedDefaults& tuned, TunedEntry entry);

// The file's text, entries sorted by device, driver and up_to, so a save changes only its own lines.
std::string tuned_defaults_text(const TunedDefaults& tuned, const std::string& lab_number);

// Whether `defines` sets one of the lab's extension defines (a define set's only_if_used).
bool names_extension(const LabSpec& spec, const Defines& defines);

// Whether `lab run` times a kernel at the lab's extension defines (`bench_defines`: [gpu.bench_defines]
// or this device's solution_only entry) rather than its plain defaults: there are some, and the kernel
// uses every extension they switch on (`kernel_uses(only_if_used)` for each set whose define they set).
// A kernel without the extension stays at the defaults it was checked at.
bool takes_extension_defines(const LabSpec& spec, const std::function<bool(const std::string&)>& kernel_uses);

}  // namespace course
