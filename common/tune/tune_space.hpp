// What `lab tune NN` sweeps: the candidate values of a lab's defines, read
// from its lab.toml, every combination of them, and the reasons a combination
// is skipped before anything runs. Pure functions, so they are tested without
// a device.
//
// The lab.toml format: a [tune] table lists the candidates of each define as
// an array; [cpu.tune] / [gpu.tune] replace the list of a define on that class
// of device (defines they do not name keep the [tune] list):
//
//     [tune]
//     TILE_SIZE = [16, 32, 64]
//     THREAD_WORK = [1, 2, 4, 8]
//
//     [gpu.tune]
//     TILE_SIZE = [16, 32]
#pragma once

#include "terms/defines.hpp"
#include "harness/device_choice.hpp"
#include "harness/launch_geometry.hpp"

#include <toml++/toml.h>

#include <string>
#include <vector>

namespace course {

struct TuneAxis {
    std::string name;                 // the define, e.g. "THREAD_WORK"
    std::vector<std::string> values;  // its candidates, in the order lab.toml lists them
};

struct TuneSpace {
    std::vector<TuneAxis> axes;  // in the order [tune] lists them

    std::size_t size() const;  // the number of combinations
};

// The space of `settings` (a lab.toml) for a device class ("cpu" or "gpu"): empty when the lab has
// no [tune] table (--values can give one). Throws UserError naming `file` when a value is not a list
// of whole numbers or strings.
TuneSpace read_tune_space(const toml::table& settings, DeviceClass device_class, const std::string& file);

// Throws UserError naming `file` when the space (after --values and -D) sweeps nothing.
void require_axes(const TuneSpace& space, const std::string& file);

// Replaces the candidates of one define from command-line text "NAME=V1,V2,...",
// adding the define when the space has none. Throws UserError on malformed text.
void replace_candidates(TuneSpace& space, const std::string& text);

// Fixes a define at one value (a -D given to `lab tune`), adding it when absent.
void pin(TuneSpace& space, const Define& define);

// Every combination, the first axis varying slowest.
std::vector<Defines> combinations(const TuneSpace& space);

// Why the geometry cannot launch these defines (a tile that does not divide,
// a missing define), or empty when it can. `extents` is the problem timed.
std::string geometry_rejection(Geometry geometry, const Defines& defines, const Extents& extents);

// The work-items in one work-group, or 0 when the geometry rejects the defines.
std::size_t work_group_items(Geometry geometry, const Defines& defines);

// The first error a compiler reported in `mapped_log`, shortened to one line:
// "WPT_M must be a multiple of 4 (matmul.cl:42)". Empty when the log names none.
std::string first_build_error(const std::string& mapped_log);

// One measured configuration.
struct TuneResult {
    Defines defines;
    double seconds = 0.0;  // median time of one launch
    double rate = 0.0;     // GFLOP/s or GB/s
};

// The lab.toml lines that make `best` the default for a device class: the
// [<class>.defines] table with the swept defines' values.
std::string defaults_snippet(DeviceClass device_class, const TuneSpace& space, const Defines& best);

}  // namespace course
