#include "harness/source_identifiers.hpp"

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
        return i + 1;
    }
    return i;
}

}  // namespace

bool uses_identifier(const std::string& source, const std::string& name) {
    if (name.empty()) return false;
    std::size_t i = 0;
    while (i < source.size()) {
        if (const std::size_t past = past_comment_or_literal(source, i); past != i) {
            i = past;
            continue;
        }
        if (!identifier_char(source[i])) {
            ++i;
            continue;
        }
        std::size_t end = i;
        while (end < source.size() && identifier_char(source[end])) ++end;
        if (source.compare(i, end - i, name) == 0 && end - i == name.size()) return true;
        i = end;
    }
    return false;
}

}  // namespace course
