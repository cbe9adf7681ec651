// Writes a whole file or nothing: the text goes to a temporary file beside the
// target, is flushed to disk, and is renamed over it, so a reader never sees
// half a report, gradebook or benchmark file.
#pragma once

#include <filesystem>
#include <string>

namespace course {

// Throws UserError naming the path when the file cannot be written.
void write_file_atomically(const std::filesystem::path& path, const std::string& text);

}  // namespace course
