// A kernel file read from disk, remembered with the path the user knows it by,
// so every message about it can name that path.
#pragma once

#include <filesystem>
#include <string>

namespace course {

struct KernelSource {
    std::filesystem::path path;  // where it was read from
    std::string display_path;    // how messages name it, e.g. "labs/02-transpose-local/transpose.cl"
    std::string text;
};

// Reads a kernel file. Throws UserError, naming the path, when it is missing,
// is a directory, cannot be read, or is not UTF-8 text.
KernelSource read_kernel_source(const std::filesystem::path& path, const std::string& display_path);

// Byte offset of the first invalid UTF-8 sequence, or std::string::npos when the text is valid.
std::size_t first_invalid_utf8(const std::string& text);

}  // namespace course
