#include "work_dir.hpp"

#include "user_error.hpp"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <string>

#include <unistd.h>

namespace labcheck {

WorkDir::WorkDir(bool keep) : keep_(keep) {
    const char* tmp = std::getenv("TMPDIR");
    std::string pattern = std::string(tmp != nullptr && *tmp != '\0' ? tmp : "/tmp") + "/labcheck-XXXXXX";
    if (mkdtemp(pattern.data()) == nullptr) {
        throw course::UserError(
            {"a writable temporary folder", std::strerror(errno), pattern, "set TMPDIR to a writable folder"});
    }
    path_ = pattern;
}

WorkDir::~WorkDir() {
    if (keep_) return;
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
}

}  // namespace labcheck
