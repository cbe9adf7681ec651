// Reads a kernel file the way the C preprocessor does, up to its directives: trigraphs (`??=`) and
// digraphs (`%:`) for `#`, lines continued with a backslash, \r, \n and \r\n line ends, comments
// between `#` and the directive name, a block comment that carries a directive over several lines.
// It evaluates nothing and expands nothing: it says where every directive is and what it says, and
// where the identifiers that start with an underscore are (`_Pragma`, `__has_include`, ...), so that
// self_contained_source.cpp can judge them.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace course {

struct ScannedDirective {
    std::string name;             // "include", "ifdef", "line", ...; empty for `#` alone or `#` before no name
    bool number = false;          // a line marker, `# 12 "file"` (name empty)
    unsigned line = 0;            // 1-based line of the file where the `#` is
    std::size_t begin = 0;        // byte offset of the `#` (of `%:` or `??=`) in the file
    std::size_t end = 0;          // byte offset of the line end that closes the directive, or the file's size
    std::string rest;             // what follows the name, comments as one space each, trimmed
    std::size_t code_before = 0;  // how many pieces of code (outside directives) come before it
};

// An identifier that starts with '_', wherever it is (code or directive), e.g. `_Pragma`.
struct ScannedWord {
    std::string name;
    unsigned line = 0;
    bool in_directive = false;
};

struct SourceScan {
    std::vector<ScannedDirective> directives;   // in file order
    std::vector<ScannedWord> underscore_words;  // in file order
    std::size_t code_pieces = 0;                // tokens (or characters of punctuation) outside directives
};

SourceScan scan_source(const std::string& text);

// The directive as the student wrote it, on one line: "#ifdef __CLION_IDE__", "#line 6".
std::string directive_text(const ScannedDirective& directive);

}  // namespace course
