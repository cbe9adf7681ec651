#include "build_log.hpp"

#include <regex>

namespace course {

namespace {

// Names compilers give to source passed as a string rather than a file:
// PoCL's cache temp files, "<kernel>" (NVIDIA), "<source>", "input.cl", "program_source".
const std::regex& anonymous_location() {
    static const std::regex pattern(
        R"((\S*/tempfile_\w+\.cl|\S*/kcache/\S+?\.cl|<kernel>|<source>|<stdin>|input\.cl|program_source|source\.cl)(:\d+(:\d+)?))");
    return pattern;
}

}  // namespace

std::string map_build_log(const std::string& log, const std::string& display_path) {
    return std::regex_replace(log, anonymous_location(), display_path + "$2");
}

unsigned first_error_line(const std::string& mapped_log, const std::string& display_path) {
    const std::regex located(std::regex_replace(display_path, std::regex(R"([.^$|()\[\]{}*+?\\])"), R"(\$&)") +
                             R"(:(\d+)(:\d+)?:?\s*(fatal )?error)");
    const std::regex error_first(R"(error:\s*)" +
                                 std::regex_replace(display_path, std::regex(R"([.^$|()\[\]{}*+?\\])"), R"(\$&)") +
                                 R"(:(\d+))");
    std::smatch match;
    if (std::regex_search(mapped_log, match, error_first)) return static_cast<unsigned>(std::stoul(match[1]));
    if (std::regex_search(mapped_log, match, located)) return static_cast<unsigned>(std::stoul(match[1]));
    return 0;
}

}  // namespace course
