// The course repository the kernels, lab.toml files and baselines are read
// from at run time (so an edited kernel needs no rebuild).
#pragma once

#include <filesystem>
#include <string>

namespace course {

// `requested` (--root) if given, else $LAB_ROOT, else the source tree the
// binaries were built from, else the current directory. Throws UserError
// when the folder holds no labs/.
std::filesystem::path course_root(const std::string& requested);

}  // namespace course
