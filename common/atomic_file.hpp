// Writes a whole file or nothing: the text goes to a temporary file beside the
// target, which is then renamed over it, so a reader never sees half a report.
#pragma once

#include <filesystem>
#include <string>

namespace course {

// Throws UserError naming the path when the folder cannot be written.
void write_file_atomically(const std::filesystem::path& path, const std::string& contents);

}  // namespace course
