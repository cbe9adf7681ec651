// How a kernel set is laid out: one folder per lab, named as in the course's labs/ folder
// ("04-matmul-tiled/matmul.cl"), at the top of the set (labs/, solutions/ or a submission).
// What a reader of a kernel file suggests when a part of that path is missing.
#pragma once

#include <filesystem>
#include <string>

namespace course {

// What to try when `missing` (a lab folder, or the kernel file when `is_last`) is not in
// `folder`: the folder of `folder` with the same lab number ("name 04/ 04-matmul-tiled/
// exactly"), or a labs/ folder one level too deep, else to check the names. Fits
// harness/kernel_source.hpp's MissingPathHint.
std::string submission_missing_hint(const std::filesystem::path& folder, const std::string& missing, bool is_last);

}  // namespace course
