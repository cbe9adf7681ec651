#include "edition/zip_writer.hpp"

#include "util/user_error.hpp"

#include <array>
#include <limits>

namespace labcheck {

namespace {

constexpr std::uint16_t kVersionNeeded = 20;                   // 2.0: plain stored files and folders
constexpr std::uint16_t kMadeByUnix = (3u << 8) | kVersionNeeded;  // high byte 3: external attributes are Unix modes
constexpr std::uint16_t kUtf8Names = 1u << 11;                  // general purpose flag bit 11
constexpr std::uint16_t kDosDate1980 = (0 << 9) | (1 << 5) | 1;  // 1980-01-01: the same bytes on every run

void put16(std::string& out, std::uint32_t v) {
    out += static_cast<char>(v & 0xFF);
    out += static_cast<char>((v >> 8) & 0xFF);
}

void put32(std::string& out, std::uint32_t v) {
    put16(out, v & 0xFFFF);
    put16(out, v >> 16);
}

// The fields a local header and a central directory entry share, from "version needed" on.
void put_common(std::string& out, std::uint32_t crc, std::uint32_t size, std::size_t name_size) {
    put16(out, kVersionNeeded);
    put16(out, kUtf8Names);
    put16(out, 0);  // method: stored
    put16(out, 0);  // time 00:00
    put16(out, kDosDate1980);
    put32(out, crc);
    put32(out, size);  // compressed size
    put32(out, size);  // uncompressed size
    put16(out, static_cast<std::uint32_t>(name_size));
    put16(out, 0);  // extra field length
}

std::uint32_t checked_32(std::size_t value, const std::string& what) {
    if (value > std::numeric_limits<std::uint32_t>::max()) {
        throw course::UserError({"an autograder package under 4 GiB", "it grew past 4 GiB", what,
                                 "leave large files out of the course folder"});
    }
    return static_cast<std::uint32_t>(value);
}

}  // namespace

std::uint32_t crc32_of(const std::string& bytes) {
    static const auto table = [] {
        std::array<std::uint32_t, 256> t{};
        for (std::uint32_t i = 0; i < 256; ++i) {
            std::uint32_t c = i;
            for (int k = 0; k < 8; ++k) c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
            t[i] = c;
        }
        return t;
    }();
    std::uint32_t crc = 0xFFFFFFFFu;
    for (const char ch : bytes) crc = table[(crc ^ static_cast<unsigned char>(ch)) & 0xFF] ^ (crc >> 8);
    return crc ^ 0xFFFFFFFFu;
}

void ZipWriter::add_file(const std::string& name, const std::string& contents, unsigned mode) {
    Entry entry{name, crc32_of(contents), checked_32(contents.size(), name), checked_32(data_.size(), name), mode};
    put32(data_, 0x04034b50);  // local file header
    put_common(data_, entry.crc, entry.size, name.size());
    data_ += name;
    data_ += contents;
    entries_.push_back(std::move(entry));
}

std::string ZipWriter::finish() const {
    std::string directory;
    for (const auto& e : entries_) {
        put32(directory, 0x02014b50);  // central directory header
        put16(directory, kMadeByUnix);
        put_common(directory, e.crc, e.size, e.name.size());
        put16(directory, 0);  // comment length
        put16(directory, 0);  // disk number
        put16(directory, 0);  // internal attributes
        put32(directory, (0100000u | (e.mode & 0777u)) << 16);  // a regular file with its permissions
        put32(directory, e.offset);
        directory += e.name;
    }
    if (entries_.size() > 0xFFFF) {
        throw course::UserError({"an autograder package of at most 65535 files",
                                 std::to_string(entries_.size()) + " files", "the package",
                                 "leave generated files out of the course folder"});
    }
    std::string out = data_ + directory;
    put32(out, 0x06054b50);  // end of central directory
    put16(out, 0);
    put16(out, 0);
    put16(out, static_cast<std::uint32_t>(entries_.size()));
    put16(out, static_cast<std::uint32_t>(entries_.size()));
    put32(out, checked_32(directory.size(), "central directory"));
    put32(out, checked_32(data_.size(), "archive"));
    put16(out, 0);  // comment length
    return out;
}

}  // namespace labcheck
