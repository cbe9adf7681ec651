// Reports and gradebooks are never left half-written: the text goes to a
// temporary file beside the target, is flushed to disk, and is renamed over it.
#pragma once

#include <filesystem>
#include <string>

namespace labcheck {

// Throws course::UserError naming the path when the file cannot be written.
void write_file_atomically(const std::filesystem::path& path, const std::string& text);

}  // namespace labcheck
