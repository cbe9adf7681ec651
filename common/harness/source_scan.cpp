#include "harness/source_scan.hpp"

#include "util/text_escape.hpp"

#include <algorithm>
#include <cctype>
#include <utility>

namespace course {

namespace {

// One character after translation phases 1 and 2, with where it came from.
struct Char {
    char c;
    unsigned line;
    std::size_t offset;  // byte offset in the file (of the first '?' of a trigraph, the '\r' of "\r\n")
};

char trigraph_of(char third) {
    switch (third) {
        case '=':
            return '#';
        case '/':
            return '\\';
        case '\'':
            return '^';
        case '(':
            return '[';
        case ')':
            return ']';
        case '!':
            return '|';
        case '<':
            return '{';
        case '>':
            return '}';
        case '-':
            return '~';
        default:
            return '\0';
    }
}

bool horizontal_space(char c) {
    return c == ' ' || c == '\t' || c == '\v' || c == '\f';
}

// Phase 1 and 2: trigraphs replaced, every line end made '\n', backslash-newline
// (also with spaces between, as clang accepts) removed.
std::vector<Char> logical_characters(const std::string& text) {
    std::vector<Char> first;
    first.reserve(text.size());
    unsigned line = 1;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const std::size_t offset = i;
        char c = text[i];
        if (c == '\r') {
            if (i + 1 < text.size() && text[i + 1] == '\n') ++i;
            c = '\n';
        } else if (c == '?' && i + 2 < text.size() && text[i + 1] == '?' && trigraph_of(text[i + 2]) != '\0') {
            c = trigraph_of(text[i + 2]);
            i += 2;
        }
        first.push_back({c, line, offset});
        if (c == '\n') ++line;
    }
    std::vector<Char> spliced;
    spliced.reserve(first.size());
    for (std::size_t i = 0; i < first.size(); ++i) {
        if (first[i].c == '\\') {
            std::size_t j = i + 1;
            while (j < first.size() && horizontal_space(first[j].c)) ++j;
            if (j < first.size() && first[j].c == '\n') {
                i = j;
                continue;
            }
        }
        spliced.push_back(first[i]);
    }
    return spliced;
}

bool identifier_start(char c) {
    return std::isalpha(static_cast<unsigned char>(c)) || c == '_' || c == '$' || static_cast<unsigned char>(c) >= 0x80;
}

bool identifier_char(char c) {
    return identifier_start(c) || std::isdigit(static_cast<unsigned char>(c));
}

class Scanner {
public:
    Scanner(std::vector<Char> chars, std::size_t file_size) : s_(std::move(chars)), file_size_(file_size) {}

    SourceScan run() {
        bool first_on_line = true;
        while (i_ < s_.size()) {
            const char c = s_[i_].c;
            if (c == '\n') {
                first_on_line = true;
                ++i_;
            } else if (horizontal_space(c) || (static_cast<unsigned char>(c) >= 0x80 && first_on_line)) {
                ++i_;  // a byte clang may take for Unicode white space: still the start of the line
            } else if (skip_comment(first_on_line)) {
            } else if (first_on_line && (c == '#' || (c == '%' && peek(1) == ':'))) {
                directive();
                first_on_line = false;
            } else {
                code_piece(false, nullptr);
                ++scan_.code_pieces;
                first_on_line = false;
            }
        }
        return std::move(scan_);
    }

private:
    char peek(std::size_t ahead) const { return i_ + ahead < s_.size() ? s_[i_ + ahead].c : '\0'; }

    // Skips one comment at i_; a newline inside a block comment starts a new line for directives.
    bool skip_comment(bool& first_on_line) {
        if (s_[i_].c != '/') return false;
        if (peek(1) == '/') {
            while (i_ < s_.size() && s_[i_].c != '\n') ++i_;
            return true;
        }
        if (peek(1) == '*') {
            i_ += 2;
            while (i_ < s_.size() && !(s_[i_].c == '*' && peek(1) == '/')) {
                if (s_[i_].c == '\n') first_on_line = true;
                ++i_;
            }
            i_ = std::min(i_ + 2, s_.size());
            return true;
        }
        return false;
    }

    // A literal, an identifier or one character of punctuation at i_, appended to `text` when given.
    void code_piece(bool in_directive, std::string* text) {
        const char c = s_[i_].c;
        const std::size_t start = i_;
        if (c == '"' || c == '\'') {
            ++i_;
            while (i_ < s_.size() && s_[i_].c != c && s_[i_].c != '\n') {
                if (s_[i_].c == '\\' && i_ + 1 < s_.size() && s_[i_ + 1].c != '\n') ++i_;
                ++i_;
            }
            if (i_ < s_.size() && s_[i_].c == c) ++i_;
        } else if (identifier_start(c)) {
            const unsigned line = s_[i_].line;
            std::string name = identifier();
            if (name[0] == '_') scan_.underscore_words.push_back({name, line, in_directive});
        } else {
            ++i_;
        }
        if (text != nullptr) {
            for (std::size_t k = start; k < i_; ++k) *text += s_[k].c;
        }
    }

    std::string identifier() {
        std::string name;
        while (i_ < s_.size() && identifier_char(s_[i_].c)) name += s_[i_++].c;
        return name;
    }

    // Bytes at i_ a compiler may take for white space: a Unicode space character (U+00A0, U+2000...),
    // or a byte that is not UTF-8; 0 for anything else. Another character (a Cyrillic letter, a
    // zero-width space) is part of the name that follows, so that messages show it ("#\u0456nclude").
    std::size_t unicode_space_at() const {
        std::string bytes;
        for (std::size_t k = i_; k < s_.size() && k < i_ + 4; ++k) bytes += s_[k].c;
        char32_t c = 0;
        const std::size_t length = utf8_sequence(bytes, 0, c);
        const bool space = c == 0x85 || c == 0xA0 || c == 0x1680 || (c >= 0x2000 && c <= 0x200A) || c == 0x2028 ||
                           c == 0x2029 || c == 0x202F || c == 0x205F || c == 0x3000;
        return length == 0 ? 1 : space ? length : 0;
    }

    // Skips spaces and comments inside a directive line (a block comment may end on another line).
    void skip_directive_space() {
        for (;;) {
            if (i_ >= s_.size()) return;
            if (horizontal_space(s_[i_].c)) {
                ++i_;
                continue;
            }
            const std::size_t unicode_space = static_cast<unsigned char>(s_[i_].c) >= 0x80 ? unicode_space_at() : 0;
            if (unicode_space > 0) {
                i_ += unicode_space;
                continue;
            }
            bool ignored = false;
            if (skip_comment(ignored)) continue;
            return;
        }
    }

    // At the '#' (or '%:') of a directive: reads it to the end of its logical line.
    void directive() {
        ScannedDirective d;
        d.line = s_[i_].line;
        d.begin = s_[i_].offset;
        d.code_before = scan_.code_pieces;
        i_ += s_[i_].c == '#' ? 1 : 2;
        skip_directive_space();
        if (i_ < s_.size() && std::isdigit(static_cast<unsigned char>(s_[i_].c))) {
            d.number = true;
        } else if (i_ < s_.size() && identifier_start(s_[i_].c)) {
            d.name = identifier();
        }
        std::string rest;
        while (i_ < s_.size() && s_[i_].c != '\n') {
            bool ignored = false;
            if (horizontal_space(s_[i_].c)) {
                rest += ' ';
                ++i_;
            } else if (skip_comment(ignored)) {
                rest += ' ';
            } else {
                code_piece(true, &rest);
            }
        }
        d.end = i_ < s_.size() ? s_[i_].offset : file_size_;
        const auto first = rest.find_first_not_of(' ');
        d.rest =
            first == std::string::npos ? std::string() : rest.substr(first, rest.find_last_not_of(' ') + 1 - first);
        scan_.directives.push_back(std::move(d));
    }

    std::vector<Char> s_;
    std::size_t file_size_;
    std::size_t i_ = 0;
    SourceScan scan_;
};

}  // namespace

SourceScan scan_source(const std::string& text) {
    return Scanner(logical_characters(text), text.size()).run();
}

std::string directive_text(const ScannedDirective& directive) {
    std::string text = "#" + directive.name;
    if (!directive.rest.empty()) text += " " + directive.rest;
    std::string collapsed;
    for (char c : text) {
        if (c == ' ' && !collapsed.empty() && collapsed.back() == ' ') continue;
        collapsed += c;
    }
    constexpr std::size_t kLongest = 70;
    return collapsed.size() > kLongest ? collapsed.substr(0, kLongest - 3) + "..." : collapsed;
}

}  // namespace course
