// A kernel file read from disk, remembered with the path the user knows it by,
// so every message about it can name that path.
#pragma once

#include <filesystem>
#include <functional>
#include <string>

namespace course {

struct KernelSource {
    std::filesystem::path path;  // where it was read from
    std::string display_path;    // how messages name it, e.g. "labs/02-transpose-local/transpose.cl"
    std::string text;
};

// Reads a kernel file. Throws UserError, naming the path, when it is missing,
// is a directory, a symbolic link or anything but a regular file, is not the upload's
// own (a hard link, or owned by someone else than its folders: upload_file_rules.hpp),
// cannot be read, is not UTF-8 text, or is not self-contained (see self_contained_source.hpp:
// an #include, #line, _Pragma ... is refused with its line).
// Same as read_kernel_source(path.parent_path(), path.filename(), display_path).
KernelSource read_kernel_source(const std::filesystem::path& path, const std::string& display_path);

// What to try when the part `missing` of a path (a folder on the way, or the file itself when
// `is_last`) is not in `folder`. A caller that knows how its folders are laid out says more than
// the reader can (description/submission_layout.hpp: a lab folder named by its number only).
using MissingPathHint =
    std::function<std::string(const std::filesystem::path& folder, const std::string& missing, bool is_last)>;

// Reads the kernel file `inside` (a relative path, e.g. "04-matmul-tiled/matmul.cl") of the
// folder `base` (a submission; it may itself be reached through a link), in four steps: the path
// walked without following a link (every folder on the way and the file are opened with
// O_NOFOLLOW, so a submission cannot point the grader at a file outside it), the file checked to
// be the upload's own (one name, the owner of `base` or of a folder on the way:
// upload_file_rules.hpp), read, and its text checked (UTF-8, no NUL, self-contained). When a part
// of the path is missing, the error's "what to try" comes from `hint` (a plain one when empty).
KernelSource read_kernel_source(const std::filesystem::path& base, const std::filesystem::path& inside,
                                const std::string& display_path, const MissingPathHint& hint = {});

// The largest kernel file read (a kernel is a few kB; this keeps a hostile file from filling memory).
constexpr std::size_t kMaxKernelFileBytes = 1u << 20;

// Byte offset of the first invalid UTF-8 sequence, or std::string::npos when the text is valid.
std::size_t first_invalid_utf8(const std::string& text);

}  // namespace course
