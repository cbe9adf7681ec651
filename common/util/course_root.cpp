#include "util/course_root.hpp"

#include "util/user_error.hpp"

#include <fmt/format.h>

#include <cstdlib>

namespace course {

std::filesystem::path course_root(const std::string& requested) {
    namespace fs = std::filesystem;
    std::string chosen = requested;
    std::string source = "--root";
    if (chosen.empty()) {
        if (const char* env = std::getenv("LAB_ROOT"); env != nullptr && *env != '\0') {
            chosen = env;
            source = "LAB_ROOT";
        }
    }
#ifdef COURSE_SOURCE_ROOT
    if (chosen.empty() && fs::is_directory(fs::path(COURSE_SOURCE_ROOT) / "labs")) {
        chosen = COURSE_SOURCE_ROOT;
        source = "the source tree this program was built from";
    }
#endif
    if (chosen.empty()) {
        chosen = fs::current_path().string();
        source = "the current directory";
    }
    const fs::path root = fs::absolute(chosen);
    if (!fs::is_directory(root / "labs")) {
        throw UserError({"the course repository (a folder holding labs/ and kernels/)",
                         fmt::format("{} has no labs/ folder", root.string()), source,
                         "run from the repository, or pass --root DIR / set LAB_ROOT"});
    }
    return root;
}

}  // namespace course
