#include "stages/accessed_array.hpp"

#include <algorithm>
#include <cctype>
#include <optional>
#include <regex>

namespace labcheck {

namespace {

// An access expression is short; this bounds the walk through a hostile file's text.
constexpr std::size_t kLongestExpression = 400;

bool word_char(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_';
}

// Byte offset of (line, column), both 1-based, when the line has that column.
std::optional<std::size_t> offset_of(const std::string& source, unsigned line, unsigned column) {
    if (line == 0 || column == 0) return std::nullopt;
    std::size_t begin = 0;
    for (unsigned l = 1; l < line; ++l) {
        begin = source.find('\n', begin);
        if (begin == std::string::npos) return std::nullopt;
        ++begin;
    }
    const std::size_t end = std::min(source.find('\n', begin), source.size());
    const std::size_t at = begin + column - 1;
    if (at >= end) return std::nullopt;
    if (at > begin && word_char(source[at - 1]) && word_char(source[at])) return std::nullopt;  // inside a word
    return at;
}

// The identifier that starts at `at`, or empty.
std::string word_at(const std::string& s, std::size_t at) {
    if (at >= s.size() || !word_char(s[at]) || std::isdigit(static_cast<unsigned char>(s[at])) != 0) return {};
    std::size_t end = at;
    while (end < s.size() && word_char(s[end])) ++end;
    return s.substr(at, end - at);
}

// Address spaces, qualifiers and types: the words of a cast, never the array.
bool type_word(const std::string& word) {
    static const std::regex type(
        "(__)?(global|local|constant|private|read_only|write_only|read_write)|const|volatile|restrict|unsigned|"
        "signed|struct|union|(u?(char|short|int|long)|float|double|half|bool|size_t|ptrdiff_t|u?intptr_t|void)"
        "(2|3|4|8|16)?");
    return std::regex_match(word, type);
}

// Where the first name of the expression at `at` that is not part of a cast starts: `*`, `&`,
// parentheses and type words are passed over; anything else ends the search (npos).
std::size_t first_name(const std::string& s, std::size_t at) {
    const std::size_t end = std::min(s.size(), at + kLongestExpression);
    while (at < end) {
        const char c = s[at];
        if (std::isspace(static_cast<unsigned char>(c)) != 0 || c == '(' || c == ')' || c == '*' || c == '&') {
            ++at;
            continue;
        }
        const std::string word = word_at(s, at);
        if (word.empty()) return std::string::npos;
        if (!type_word(word)) return at;
        at += word.size();
    }
    return std::string::npos;
}

// Which argument of a builtin is the pointer it reads or writes through; -1 for other names.
int pointer_argument(const std::string& function) {
    if (function.rfind("vload", 0) == 0) return 1;                                       // vload4(offset, p)
    if (function.rfind("vstore", 0) == 0) return 2;                                      // vstore4(data, offset, p)
    if (function.rfind("atomic_", 0) == 0 || function.rfind("atom_", 0) == 0) return 0;  // atomic_add(p, v)
    return -1;
}

// Where argument `index` (0-based) of the call whose '(' is at `open` starts, or npos.
std::size_t argument_start(const std::string& s, std::size_t open, int index) {
    const std::size_t end = std::min(s.size(), open + kLongestExpression);
    int depth = 0;
    int argument = 0;
    for (std::size_t i = open; i < end; ++i) {
        const char c = s[i];
        if (c == '(' || c == '[') {
            if (++depth == 1 && index == 0) return i + 1;
        } else if (c == ')' || c == ']') {
            if (--depth <= 0) return std::string::npos;
        } else if (c == ',' && depth == 1 && ++argument == index) {
            return i + 1;
        } else if (c == ';') {
            return std::string::npos;
        }
    }
    return std::string::npos;
}

// The array the expression at `at` reaches: its first name, or through a builtin's pointer argument.
std::string array_of(const std::string& s, std::size_t at, int depth) {
    const std::size_t name_at = first_name(s, at);
    if (name_at == std::string::npos || depth > 4) return {};
    const std::string name = word_at(s, name_at);
    const int pointer = pointer_argument(name);
    if (pointer < 0) return name;
    std::size_t open = name_at + name.size();
    while (open < s.size() && std::isspace(static_cast<unsigned char>(s[open])) != 0) ++open;
    if (open >= s.size() || s[open] != '(') return {};
    const std::size_t argument = argument_start(s, open, pointer);
    return argument == std::string::npos ? std::string() : array_of(s, argument, depth + 1);
}

}  // namespace

std::string accessed_array(const std::string& source, unsigned line, unsigned column) {
    const auto at = offset_of(source, line, column);
    return at ? array_of(source, *at, 0) : std::string();
}

}  // namespace labcheck
