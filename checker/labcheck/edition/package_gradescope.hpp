// `labcheck package gradescope --lab NN -o autograder.zip`: the zip Gradescope
// builds its autograder image from. At its root: setup.sh and run_autograder
// (from checker/gradescope/), gradescope.conf naming the labs graded, and the
// course files the grader needs to build and run labcheck. Never solutions/,
// the mutant kernels (some are complete solutions), slides, docs or git data.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace labcheck {

// Paths, relative to the course root, that never go into the package.
const std::vector<std::string>& gradescope_left_out_paths();

struct GradescopePackage {
    std::size_t files = 0;
    std::uintmax_t bytes = 0;
    std::vector<std::string> left_out;  // left-out paths that existed
};

// One lab the package grades: its folder and the kernel file students write.
struct PackagedLab {
    std::string folder;       // "04-matmul-tiled"
    std::string kernel_file;  // "matmul.cl"
};

// Writes the package for `labs` to `zip_file` (atomically); `visibility`: STAGE=VALUE settings.
// Throws course::UserError when the course has no checker/gradescope/ scripts or the file cannot be written.
GradescopePackage write_gradescope_package(const std::filesystem::path& root,
                                           const std::vector<PackagedLab>& labs,
                                           const std::vector<std::string>& visibility,
                                           const std::filesystem::path& zip_file);

// gradescope.conf: the labs run_autograder grades, one `lab = NN-name/kernel.cl` line each, and a
// `visibility = STAGE=VALUE` line per stage whose tests are not simply visible.
std::string gradescope_conf(const std::vector<PackagedLab>& labs, const std::vector<std::string>& visibility = {});

// Why `setting` is not STAGE=VISIBILITY (a stage labcheck grades, a visibility Gradescope knows);
// empty when it is.
std::string test_visibility_error(const std::string& setting);

}  // namespace labcheck
