#include "atomic_file.hpp"

#include "user_error.hpp"

#include <fstream>

#include <unistd.h>

namespace course {

void write_file_atomically(const std::filesystem::path& path, const std::string& contents) {
    namespace fs = std::filesystem;
    const fs::path folder = path.has_parent_path() ? path.parent_path() : fs::path(".");
    const fs::path temporary = folder / ("." + path.filename().string() + ".tmp" + std::to_string(getpid()));
    {
        std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
        out << contents;
        out.flush();
        if (!out) {
            std::error_code ignored;
            fs::remove(temporary, ignored);
            throw UserError({"a folder this program can write to", "the file could not be written", path.string(),
                             "check that the folder exists and is writable"});
        }
    }
    std::error_code ec;
    fs::rename(temporary, path, ec);
    if (ec) {
        fs::remove(temporary, ec);
        throw UserError({"to replace the file", "renaming the finished file into place failed", path.string(),
                         "check the folder's permissions"});
    }
}

}  // namespace course
