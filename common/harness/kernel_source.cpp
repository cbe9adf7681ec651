#include "harness/kernel_source.hpp"

#include "harness/self_contained_source.hpp"
#include "harness/upload_file_rules.hpp"
#include "util/user_error.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <utility>
#include <vector>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace course {

std::size_t first_invalid_utf8(const std::string& text) {
    std::size_t i = 0;
    while (i < text.size()) {
        const auto lead = static_cast<unsigned char>(text[i]);
        std::size_t length = 0;
        if (lead < 0x80)
            length = 1;
        else if ((lead & 0xE0) == 0xC0 && lead >= 0xC2)
            length = 2;
        else if ((lead & 0xF0) == 0xE0)
            length = 3;
        else if ((lead & 0xF8) == 0xF0 && lead <= 0xF4)
            length = 4;
        else
            return i;
        if (i + length > text.size()) return i;
        for (std::size_t j = 1; j < length; ++j) {
            if ((static_cast<unsigned char>(text[i + j]) & 0xC0) != 0x80) return i;
        }
        i += length;
    }
    return std::string::npos;
}

namespace {

namespace fs = std::filesystem;

// Closes a file descriptor when it goes out of scope.
class Fd {
public:
    explicit Fd(int fd = -1) : fd_(fd) {}
    ~Fd() {
        if (fd_ >= 0) close(fd_);
    }
    Fd(const Fd&) = delete;
    Fd& operator=(const Fd&) = delete;
    void reset(int fd) {
        if (fd_ >= 0) close(fd_);
        fd_ = fd;
    }
    int get() const { return fd_; }
    void release() { fd_ = -1; }  // the caller owns the descriptor now

private:
    int fd_;
};

// What to try when `missing` is not in `folder`, for a reader that knows no more about the layout.
std::string plain_missing_hint(const fs::path& /*folder*/, const std::string& missing, bool is_last) {
    return is_last ? "check the file name and that the file was not renamed or moved"
                   : fmt::format("check the folder name {}/ and that the file was not moved", missing);
}

UserError not_readable(const std::string& display_path, const std::string& happened, const std::string& try_this) {
    return UserError({"a kernel file, a regular file inside the submission", happened, display_path, try_this});
}

// The entry `part` of `folder` (no link followed), refused unless it is a folder on the way or,
// when `last`, a regular file.
struct stat entry_info(int folder, const std::string& part, bool last, const fs::path& walked,
                       const std::string& display_path, const MissingPathHint& hint) {
    if (part == "..") {
        throw not_readable(display_path, "the path leaves the submission folder", "keep the file inside it");
    }
    struct stat info {};
    if (fstatat(folder, part.c_str(), &info, AT_SYMLINK_NOFOLLOW) != 0) {
        if (errno == ENOENT || errno == ENOTDIR) {
            throw UserError({"a kernel file at this path",
                             last ? "the file does not exist" : fmt::format("the folder {}/ does not exist", part),
                             display_path, (hint ? hint : plain_missing_hint)(walked, part, last)});
        }
        throw not_readable(display_path, fmt::format("{} cannot be examined: {}", part, std::strerror(errno)),
                           "check its permissions");
    }
    if (S_ISLNK(info.st_mode)) {
        throw not_readable(display_path,
                           fmt::format("{} is a symbolic link; the grader reads no file through a link", part),
                           "put the file itself (not a link to it) in the submission");
    }
    if (!last && !S_ISDIR(info.st_mode)) {
        throw not_readable(display_path, fmt::format("{} is not a folder", part),
                           "lay the submission out like the course's labs/ folder");
    }
    if (last && S_ISDIR(info.st_mode)) {
        throw UserError({"a kernel file (.cl)", "this path is a directory", display_path,
                         "put the kernel file itself at this path"});
    }
    if (last && !S_ISREG(info.st_mode)) {
        throw not_readable(display_path, "this path is not a regular file (a device, pipe or socket)",
                           "put the kernel source file itself at this path");
    }
    return info;
}

}  // namespace

KernelSource read_kernel_source(const std::filesystem::path& path, const std::string& display_path) {
    const fs::path parent = path.has_parent_path() ? path.parent_path() : fs::path(".");
    return read_kernel_source(parent, path.filename(), display_path);
}

namespace {

// The folder `base` itself (it may be reached through a link: it is the caller's, not the upload's).
int open_base(const fs::path& base, const std::string& display_path, std::vector<unsigned>& folder_owners) {
    Fd folder(open(base.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    struct stat base_info {};
    if (folder.get() < 0 || fstat(folder.get(), &base_info) != 0) {
        throw not_readable(display_path, "the folder that should hold it does not exist or cannot be opened",
                           "check the submission folder");
    }
    folder_owners.push_back(base_info.st_uid);
    const int fd = folder.get();
    folder.release();
    return fd;
}

// The names on the way to the file: "04-matmul-tiled", "matmul.cl" (empty and "." parts dropped).
std::vector<std::string> path_parts(const fs::path& inside, const std::string& display_path) {
    std::vector<std::string> parts;
    for (const auto& part : inside) {
        if (!part.empty() && part != ".") parts.push_back(part.string());
    }
    if (parts.empty()) throw not_readable(display_path, "no file name was given", "name the kernel file");
    return parts;
}

// The folder `part` of `folder`, opened without following a link.
int open_folder_at(int folder, const std::string& part, const std::string& display_path) {
    const int next = openat(folder, part.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (next < 0) {
        throw not_readable(display_path, fmt::format("the folder {} cannot be opened: {}", part, std::strerror(errno)),
                           "check its permissions (chmod u+rx)");
    }
    return next;
}

// The kernel file `inside` of `base`, opened without following any link; the owners of `base` and
// of every folder on the way are added to `folder_owners`.
int open_inside(const fs::path& base, const fs::path& inside, const std::string& display_path,
                const MissingPathHint& hint, std::vector<unsigned>& folder_owners) {
    Fd folder(open_base(base, display_path, folder_owners));
    const std::vector<std::string> parts = path_parts(inside, display_path);
    fs::path walked = base;
    for (std::size_t i = 0; i + 1 < parts.size(); ++i) {
        const struct stat info = entry_info(folder.get(), parts[i], false, walked, display_path, hint);
        folder.reset(open_folder_at(folder.get(), parts[i], display_path));
        folder_owners.push_back(info.st_uid);
        walked /= parts[i];
    }
    entry_info(folder.get(), parts.back(), true, walked, display_path, hint);
    const int file = openat(folder.get(), parts.back().c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    if (file < 0) {
        throw UserError({"a readable kernel file", "the file could not be opened for reading", display_path,
                         "check its permissions (chmod u+r)"});
    }
    return file;
}

// Refuses an opened file that is not the upload's own (upload_file_rules.hpp): a hard link, or
// another owner than its folders'.
void require_upload_file(int file, const fs::path& inside, const std::string& display_path, UploadFileFacts facts) {
    struct stat opened {};
    if (fstat(file, &opened) != 0 || !S_ISREG(opened.st_mode)) {
        throw not_readable(display_path, "this path is not a regular file", "put the kernel source file itself here");
    }
    facts.name = inside.filename().string();
    facts.links = static_cast<std::uint64_t>(opened.st_nlink);
    facts.owner = static_cast<unsigned>(opened.st_uid);
    if (const auto refusal = upload_file_refusal(facts)) {
        throw UserError({"a kernel file of the submission's own: one name (not a hard link), owned like the "
                         "submission folder",
                         refusal->happened, display_path, refusal->try_this});
    }
}

// The whole file, at most kMaxKernelFileBytes.
std::string read_all(int file, const std::string& display_path) {
    std::string text;
    char buffer[65536];
    for (;;) {
        const ssize_t got = read(file, buffer, sizeof buffer);
        if (got < 0 && errno == EINTR) continue;
        if (got < 0) {
            throw UserError({"a readable kernel file", "reading the file failed part way", display_path,
                             "check the disk and the file's permissions"});
        }
        if (got == 0) break;
        text.append(buffer, static_cast<std::size_t>(got));
        if (text.size() > kMaxKernelFileBytes) {
            throw not_readable(display_path, fmt::format("the file is larger than {} KiB", kMaxKernelFileBytes >> 10),
                               "check that this is the kernel source");
        }
    }
    return text;
}

// Refuses text that is not UTF-8 or holds NUL bytes, naming the first bad byte's line.
void require_utf8_text(const KernelSource& source) {
    if (const auto bad = first_invalid_utf8(source.text); bad != std::string::npos) {
        const auto line =
            1 + std::count(source.text.begin(), source.text.begin() + static_cast<std::ptrdiff_t>(bad), '\n');
        throw UserError(
            {"a UTF-8 text file",
             fmt::format("byte {} is not valid UTF-8 (0x{:02x})", bad, static_cast<unsigned char>(source.text[bad])),
             fmt::format("{}:{}", source.display_path, line),
             "save the file as UTF-8 (plain ASCII is fine), and check it is the kernel source"});
    }
    if (source.text.find('\0') != std::string::npos) {
        throw UserError({"a text file", "the file contains NUL bytes", source.display_path,
                         "check that this is the kernel source and not a binary file"});
    }
}

// Refuses a file that is not self-contained (self_contained_source.hpp), with the line of what it uses.
void require_self_contained(const KernelSource& source) {
    if (const auto forbidden = find_forbidden_construct(source.text)) {
        throw UserError({"a self-contained kernel file: the grader compiles this one file and nothing else",
                         fmt::format("line {}: {} {}", forbidden->line, forbidden->spelling, forbidden->why),
                         fmt::format("{}:{}", source.display_path, forbidden->line), forbidden->try_this});
    }
}

}  // namespace

KernelSource read_kernel_source(const std::filesystem::path& base, const std::filesystem::path& inside,
                                const std::string& display_path, const MissingPathHint& hint) {
    UploadFileFacts facts;
    const Fd file(open_inside(base, inside, display_path, hint, facts.folder_owners));
    require_upload_file(file.get(), inside, display_path, std::move(facts));
    KernelSource source{base / inside, display_path, read_all(file.get(), display_path)};
    require_utf8_text(source);
    require_self_contained(source);
    return source;
}

}  // namespace course
