#include "edition/edition_text.hpp"

#include "util/user_error.hpp"

#include <fmt/format.h>

#include <regex>
#include <sstream>

namespace labcheck {

namespace {

constexpr const char* kBlockStart = "<!-- full clone only -->";
constexpr const char* kBlockEnd = "<!-- end full clone only -->";
constexpr const char* kLineMark = "(full clone only)";

std::string trimmed(const std::string& line) {
    const auto first = line.find_first_not_of(" \t\r");
    if (first == std::string::npos) return {};
    return line.substr(first, line.find_last_not_of(" \t\r") - first + 1);
}

}  // namespace

std::string student_markdown(const std::string& text, const std::string& shown) {
    std::istringstream in(text);
    std::string out;
    std::size_t number = 0, opened_at = 0;
    for (std::string line; std::getline(in, line);) {
        ++number;
        const std::string bare = trimmed(line);
        if (bare == kBlockStart) {
            if (opened_at > 0) {
                throw course::UserError({"full-clone-only blocks that do not nest",
                                         fmt::format("a second {} before the {} of line {}", kBlockStart, kBlockEnd,
                                                     opened_at),
                                         fmt::format("{}:{}", shown, number), "close the first block"});
            }
            opened_at = number;
        } else if (bare == kBlockEnd) {
            if (opened_at == 0) {
                throw course::UserError({fmt::format("{} after a {}", kBlockEnd, kBlockStart), "no block is open",
                                         fmt::format("{}:{}", shown, number), "remove it or open the block"});
            }
            opened_at = 0;
        } else if (opened_at == 0 && line.find(kLineMark) == std::string::npos) {
            out += line + "\n";
        }
    }
    if (opened_at > 0) {
        throw course::UserError({fmt::format("a {} for every {}", kBlockEnd, kBlockStart), "the block is never closed",
                                 fmt::format("{}:{}", shown, opened_at), "close it"});
    }
    if (!text.empty() && text.back() != '\n' && !out.empty()) out.pop_back();
    return out;
}

bool full_clone_only_file(const std::string& text) {
    static const std::regex marker(R"(^[ \t]*(//|#)[ \t]*full clone only:)");
    std::istringstream lines(text);
    std::string line;
    for (int n = 0; n < 12 && std::getline(lines, line); ++n) {
        if (std::regex_search(line, marker)) return true;
    }
    return false;
}

std::string student_meson_options(const std::string& text) {
    // `false` already: an edition made from an edition (its own test makes one) keeps it.
    static const std::regex option(
        R"((option\('slides_solutions',\s*type\s*:\s*'boolean',\s*value\s*:\s*)(true|false))");
    std::smatch match;
    if (!std::regex_search(text, match, option)) {
        throw course::UserError({"option('slides_solutions', type : 'boolean', value : true, ...)",
                                 "no such declaration", "meson_options.txt",
                                 "declare the option as the full clone does, then make the edition again"});
    }
    return std::regex_replace(text, option, "$1false", std::regex_constants::format_first_only);
}

}  // namespace labcheck
