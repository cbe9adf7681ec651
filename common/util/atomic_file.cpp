#include "util/atomic_file.hpp"

#include "util/user_error.hpp"

#include <fmt/format.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace course {

void write_file_atomically(const std::filesystem::path& path, const std::string& text) {
    const auto target = std::filesystem::absolute(path);
    std::string temporary = (target.parent_path() / ("." + target.filename().string() + ".XXXXXX")).string();
    const int fd = mkstemp(temporary.data());
    const auto fail = [&](const std::string& what) {
        const std::string reason = std::strerror(errno);
        if (fd >= 0) close(fd);
        std::remove(temporary.c_str());
        throw UserError({"a report file that can be written", fmt::format("{}: {}", what, reason), path.string(),
                         "check that the folder exists and is writable"});
    };
    if (fd < 0) fail("could not create a temporary file beside it");
    std::size_t done = 0;
    while (done < text.size()) {
        const auto n = write(fd, text.data() + done, text.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) fail("writing failed");
        done += static_cast<std::size_t>(n);
    }
    if (fchmod(fd, 0644) != 0 || fsync(fd) != 0) fail("flushing failed");
    if (close(fd) != 0) {
        std::remove(temporary.c_str());
        throw UserError(
            {"a report file that can be written", "closing it failed", path.string(), "check the disk space"});
    }
    if (std::rename(temporary.c_str(), target.c_str()) != 0) {
        const std::string reason = std::strerror(errno);
        std::remove(temporary.c_str());
        throw UserError({"a report file that can be written", "renaming it into place failed: " + reason, path.string(),
                         "check that the folder is writable and the path is not a folder"});
    }
}

}  // namespace course
