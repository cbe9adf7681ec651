// A lab as data: the lab.toml in its folder says which host driver runs it,
// how its NDRange follows from its defines, which sizes it is checked and timed
// at, and what its speedup is measured against. Settings under [cpu] or [gpu]
// replace the general ones on that class of device.
#pragma once

#include "description/problem_kind.hpp"
#include "description/problem_size.hpp"
#include "terms/defines.hpp"
#include "terms/device_class.hpp"
#include "terms/geometry.hpp"

#include <toml++/toml.h>

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace course {

// A size as lab.toml writes it ("37x50", "512"), parsed for the lab's problem kind.
struct LabSize {
    std::string text;  // as written: messages and labcheck's jobs quote it so
    ProblemSize size;
};

struct SpeedupSpec {
    std::string baseline_file;  // under kernels/, e.g. "baselines/transpose_naive.cl", or "self" (lab_session.hpp)
    Geometry baseline_geometry = Geometry::tile;
    // The host driver of the baseline kernel (`baseline_problem`); nothing: the lab's own. Lab 08
    // (B an image) is timed against lab 03's naive kernel, which takes B as a buffer: matmul.
    std::optional<ProblemKind> baseline_problem;
    Defines baseline_defines;
    LabSize size;            // the size both are timed at
    double min_ratio = 1.0;  // baseline time / lab time must be at least this
};

// One configuration of a lab's defines that its kernel must be right at. The
// correctness stage, Oclgrind and `lab run` check every set a lab lists.
struct DefineSet {
    std::string name;  // "cpu defaults", "gpu defaults", or a [[define_sets]] name: "asymmetric"
    Defines defines;   // complete: [defines] with the set's own values on top
    // A set for an optional extension of the lab (`only_if_used = "ROWS_PER_ITEM"`): checked only
    // when the kernel file uses that name outside its comments; "" for a set always checked.
    std::string only_if_used;
};

// Defaults for small sizes: `[[gpu.defines_by_size]]` (or `[[cpu....]]`, or a general one) with
// up_to = the largest of the size's dimensions it applies to and the defines on top of the class's
// defaults. A 128 × 128 macro tile leaves most of a large GPU idle at n = 1024: lab 06 takes a
// smaller one there. Every timed launch's result is checked (timed_result.hpp), so a kernel wrong at
// an entry's defines gets no rate; the entries are not define sets of the grader's (each set costs
// an Oclgrind run per kernel, and `lab bench` alone times them).
struct SizedDefines {
    std::size_t up_to = 0;
    Defines defines;  // complete: the class's defaults with the entry's values on top
};

// The memory report's run (`lab run NN --memory`): lab.toml's [memory] table, a small size
// (a few whole work-groups) and the defines on top of [defines] that show the lab's lesson.
struct MemorySpec {
    LabSize size;
    Defines defines;  // complete: the class's defaults with [memory.defines] on top
};

struct LabSpec {
    std::string number;  // "02"
    std::string folder;  // "02-transpose-local"
    std::string title;
    ProblemKind problem = ProblemKind::transpose;  // which host driver runs it (problems/problem_kinds.cpp)
    Geometry geometry = Geometry::tile;            // see launch_geometry.hpp
    std::string kernel_file;                       // "transpose.cl"
    DeviceClass device_class = DeviceClass::cpu;   // the class it was loaded for
    Defines defines;                               // defaults for that device class
    Defines bench_defines;  // added to `defines` when `lab bench` runs the solution (its tuned extras)
    // The sets the kernel is checked at: this class's defaults first (the same as `defines`),
    // then the other class's defaults, then every [[define_sets]] entry; a set equal to an
    // earlier one is left out. Lab 01's single TILE_SIZE gives one set, "defaults".
    std::vector<DefineSet> define_sets;
    std::vector<SizedDefines> defines_by_size;  // this class's, smallest up_to first

    // The defaults for timing at `size`: the first defines_by_size entry it fits, else `defines`.
    const Defines& defines_for(const ProblemSize& size) const;
    std::vector<LabSize> check_sizes;
    LabSize time_size;
    std::vector<LabSize> bench_sizes;
    std::optional<SpeedupSpec> speedup;
    std::optional<MemorySpec> memory;  // none when lab.toml has no [memory] table
    toml::table settings;  // the whole file, for the sections of one driver (e.g. [strassen])

    SizeForm size_form() const { return size_form_of(problem); }
    std::string file() const { return "labs/" + folder + "/lab.toml"; }

    // A key of one driver's section, from [cpu.<section>] or [gpu.<section>] (the class the lab
    // was loaded for) when it is there, else from [<section>]: the one place where the class's
    // tables override the general ones. E.g. setting_node("strassen", "accuracy_sizes").
    toml::node_view<const toml::node> setting_node(const std::string& section, const std::string& key) const;
    // The same, as a value: e.g. setting<std::int64_t>("matmul", "batch").
    template <typename T>
    std::optional<T> setting(const std::string& section, const std::string& key) const {
        return setting_node(section, key).template value<T>();
    }
};

// The folders under labs/ that hold a lab.toml, sorted: "01-transpose-naive", ...
std::vector<std::string> lab_folders(const std::filesystem::path& root);

// The folder for "2", "02" or "02-transpose-local". Throws UserError listing the labs when none matches.
std::string find_lab_folder(const std::filesystem::path& root, const std::string& which);

// Reads labs/<folder>/lab.toml for a device class, once, into the types above. Throws UserError
// naming the file, the key and what was expected on a bad file.
LabSpec load_lab(const std::filesystem::path& root, const std::string& which, DeviceClass device_class);

// A size for a lab's kind, e.g. typed after --size. Throws UserError as parse_problem_size does.
LabSize lab_size(const std::string& text, SizeForm form);

}  // namespace course
