#include "kernel_source.hpp"

#include "user_error.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <iterator>
#include <sstream>

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

KernelSource read_kernel_source(const std::filesystem::path& path, const std::string& display_path) {
    namespace fs = std::filesystem;
    std::error_code ec;
    const auto status = fs::status(path, ec);
    if (ec || !fs::exists(status)) {
        throw UserError({"a kernel file at this path", "the file does not exist", display_path,
                         "check the lab folder name and that the file was not renamed or moved"});
    }
    if (fs::is_directory(status)) {
        throw UserError({"a kernel file (.cl)", "this path is a directory", display_path,
                         "put the kernel file itself at this path"});
    }
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        throw UserError({"a readable kernel file", "the file could not be opened for reading", display_path,
                         "check its permissions (chmod u+r)"});
    }
    std::ostringstream contents;
    contents << in.rdbuf();
    if (in.bad()) {
        throw UserError({"a readable kernel file", "reading the file failed part way", display_path,
                         "check the disk and the file's permissions"});
    }
    KernelSource source{path, display_path, contents.str()};
    if (const auto bad = first_invalid_utf8(source.text); bad != std::string::npos) {
        const auto line =
            1 + std::count(source.text.begin(), source.text.begin() + static_cast<std::ptrdiff_t>(bad), '\n');
        throw UserError(
            {"a UTF-8 text file",
             fmt::format("byte {} is not valid UTF-8 (0x{:02x})", bad, static_cast<unsigned char>(source.text[bad])),
             fmt::format("{}:{}", display_path, line),
             "save the file as UTF-8 (plain ASCII is fine), and check it is the kernel source"});
    }
    if (source.text.find('\0') != std::string::npos) {
        throw UserError({"a text file", "the file contains NUL bytes", display_path,
                         "check that this is the kernel source and not a binary file"});
    }
    return source;
}

}  // namespace course
