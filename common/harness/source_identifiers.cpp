#include "harness/source_identifiers.hpp"

#include <algorithm>
#include <cctype>
#include <cstddef>

namespace course {

namespace {

bool identifier_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_'; }

// The index just past a comment or literal that starts at `i`, or `i` when none starts there.
std::size_t past_comment_or_literal(const std::string& s, std::size_t i) {
    if (s.compare(i, 2, "//") == 0) {
        // A backslash at the end of a line continues a line comment.
        while (i < s.size() && !(s[i] == '\n' && (i == 0 || s[i - 1] != '\\'))) ++i;
        return i;
    }
    if (s.compare(i, 2, "/*") == 0) {
        const auto end = s.find("*/", i + 2);
        return end == std::string::npos ? s.size() : end + 2;
    }
    if (s[i] == '"' || s[i] == '\'') {
        const char quote = s[i];
        for (++i; i < s.size() && s[i] != quote && s[i] != '\n'; ++i) {
            if (s[i] == '\\') ++i;
        }
        return std::min(i + 1, s.size());
    }
    return i;
}

}  // namespace

std::optional<SourceWord> find_identifier(const std::string& source,
                                          const std::function<bool(const std::string&)>& wanted) {
    std::size_t i = 0;
    unsigned line = 1;
    while (i < source.size()) {
        if (const std::size_t past = past_comment_or_literal(source, i); past != i) {
            line += static_cast<unsigned>(std::count(source.begin() + static_cast<std::ptrdiff_t>(i),
                                                     source.begin() + static_cast<std::ptrdiff_t>(past), '\n'));
            i = past;
            continue;
        }
        if (!identifier_char(source[i])) {
            line += source[i] == '\n' ? 1 : 0;
            ++i;
            continue;
        }
        std::size_t end = i;
        while (end < source.size() && identifier_char(source[end])) ++end;
        // A number (1e5f, 0x1f) is not an identifier, whatever letters it holds.
        const bool number = std::isdigit(static_cast<unsigned char>(source[i])) != 0;
        if (!number) {
            std::string name = source.substr(i, end - i);
            if (wanted(name)) return SourceWord{line, std::move(name)};
        }
        i = end;
    }
    return std::nullopt;
}

bool uses_identifier(const std::string& source, const std::string& name) {
    if (name.empty()) return false;
    return find_identifier(source, [&](const std::string& word) { return word == name; }).has_value();
}

}  // namespace course
