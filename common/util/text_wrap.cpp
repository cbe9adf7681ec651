#include "util/text_wrap.hpp"

#include <sstream>

namespace course {

std::size_t columns(const std::string& text) {
    std::size_t count = 0;
    for (const unsigned char c : text) count += (c & 0xC0) != 0x80;
    return count;
}

std::string wrapped(const std::string& text, std::size_t width, std::size_t indent) {
    std::string out;
    std::istringstream in(text);
    const std::string pad(indent, ' ');
    for (std::string line; std::getline(in, line);) {
        const std::size_t own = line.find_first_not_of(' ') == std::string::npos ? 0 : line.find_first_not_of(' ');
        const std::string lead = line.substr(0, own);
        std::string rest = line.substr(own);
        const std::size_t room = width > indent + own + 20 ? width - indent - own : 20;
        while (columns(rest) > room) {
            // Break at the last space that keeps the piece within `room` columns.
            std::size_t cut = std::string::npos;
            std::size_t used = 0;
            for (std::size_t i = 0; i < rest.size() && used <= room; ++i) {
                if ((static_cast<unsigned char>(rest[i]) & 0xC0) != 0x80) ++used;
                if (rest[i] == ' ' && used <= room) cut = i;
            }
            if (cut == std::string::npos || cut == 0) break;
            out += pad + lead + rest.substr(0, cut) + "\n";
            rest = rest.substr(cut + 1);
        }
        out += pad + lead + rest + "\n";
    }
    return out;
}

}  // namespace course
