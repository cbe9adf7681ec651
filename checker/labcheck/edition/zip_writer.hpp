// A zip archive written with no library: every file stored (not compressed),
// with its Unix permissions, so that an unpacked `run_autograder` stays
// executable. Enough for an autograder package of a few megabytes; not zip64.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace labcheck {

class ZipWriter {
public:
    // `name` uses '/' between folders; `mode` is the Unix permission bits (0644, 0755).
    void add_file(const std::string& name, const std::string& contents, unsigned mode);
    // The whole archive: the files, the central directory and its end record.
    std::string finish() const;
    std::size_t files() const { return entries_.size(); }

private:
    struct Entry {
        std::string name;
        std::uint32_t crc = 0;
        std::uint32_t size = 0;
        std::uint32_t offset = 0;
        unsigned mode = 0644;
    };
    std::string data_;  // local headers and file contents, in order
    std::vector<Entry> entries_;
};

// The CRC-32 zip uses (polynomial 0xEDB88320).
std::uint32_t crc32_of(const std::string& bytes);

}  // namespace labcheck
