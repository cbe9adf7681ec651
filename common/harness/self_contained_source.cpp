#include "harness/self_contained_source.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <functional>
#include <utility>
#include <vector>

namespace course {

namespace {

// One character after translation phases 1 and 2, with the line of the file it came from.
struct Char {
    char c;
    unsigned line;
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
        char c = text[i];
        if (c == '\r') {
            if (i + 1 < text.size() && text[i + 1] == '\n') ++i;
            c = '\n';
        } else if (c == '?' && i + 2 < text.size() && text[i + 1] == '?' && trigraph_of(text[i + 2]) != '\0') {
            c = trigraph_of(text[i + 2]);
            i += 2;
        }
        first.push_back({c, line});
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

// Identifiers that reach the file system or run a pragma from inside an expression.
constexpr std::array<const char*, 5> kForbiddenIdentifiers = {"_Pragma", "__pragma", "__has_include",
                                                              "__has_include_next", "__has_embed"};

// Directives the course's kernels may use; everything else is refused by name.
constexpr std::array<const char*, 13> kAllowedDirectives = {
    "define", "undef", "if", "ifdef", "ifndef", "elif", "elifdef", "elifndef", "else", "endif", "pragma", "error",
    "warning"};

// Pragmas (first word, second word or "") that touch files or the compiler itself.
constexpr std::array<std::pair<const char*, const char*>, 9> kForbiddenPragmas = {{{"GCC", "dependency"},
                                                                                    {"GCC", "system_header"},
                                                                                    {"clang", "module"},
                                                                                    {"clang", "__debug"},
                                                                                    {"clang", "system_header"},
                                                                                    {"include_alias", ""},
                                                                                    {"comment", ""},
                                                                                    {"__debug", ""},
                                                                                    {"module", ""}}};

// Names in directive lines that are the language's own, not a compiler's choice.
constexpr std::array<const char*, 22> kLanguageNames = {
    "__kernel",   "__global",     "__local",      "__constant",    "__private",   "__attribute__",
    "__read_only", "__write_only", "__read_write", "__restrict",    "__restrict__", "__inline",
    "__inline__", "__FILE__",     "__LINE__",     "__VA_ARGS__",   "__VA_OPT__",   "__func__",
    "__typeof__", "__alignof__",  "__const",      "__volatile__"};

bool compiler_defined(const std::string& name) {
    if (name == "FULL_PROFILE" || name == "EMBEDDED_PROFILE" || name.rfind("cl_", 0) == 0) return true;
    if (name.rfind("__", 0) != 0 || name.rfind("__builtin_", 0) == 0) return false;
    return std::find_if(kLanguageNames.begin(), kLanguageNames.end(),
                        [&](const char* n) { return name == n; }) == kLanguageNames.end();
}

class Scanner {
public:
    explicit Scanner(std::vector<Char> chars) : s_(std::move(chars)) {}

    // Looks through the directive lines only, for compiler-defined macros.
    std::optional<CompilerDependentMacro> compiler_dependent() {
        looking_for_macros_ = true;
        run();
        return macro_;
    }

    // Looks through the code and the directive lines (not comments or literals) for the first
    // identifier `wanted` accepts.
    std::optional<SourceWord> identifier_where(const std::function<bool(const std::string&)>& wanted) {
        wanted_ = &wanted;
        run();
        return word_;
    }

    std::optional<ForbiddenConstruct> run() {
        bool first_on_line = true;
        while (i_ < s_.size()) {
            const char c = s_[i_].c;
            if (c == '\n') {
                first_on_line = true;
                ++i_;
            } else if (horizontal_space(c) || (static_cast<unsigned char>(c) >= 0x80 && first_on_line)) {
                ++i_;  // a byte clang may take for Unicode white space: still the start of the line
            } else if (skip_comment(first_on_line)) {
            } else if (first_on_line && (c == '#' || (c == '%' && peek(1) == ':')) && wanted_ == nullptr) {
                const unsigned line = s_[i_].line;
                i_ += c == '#' ? 1 : 2;
                if (looking_for_macros_) {
                    if (macros_in_directive()) return std::nullopt;
                } else if (auto found = directive(line)) {
                    return found;
                }
                first_on_line = false;
            } else if (c == '"' || c == '\'') {
                skip_literal(c);
                first_on_line = false;
            } else if (identifier_start(c)) {
                const unsigned line = s_[i_].line;
                const std::string name = identifier();
                if (wanted_ != nullptr && (*wanted_)(name)) {
                    word_ = SourceWord{line, name};
                    return std::nullopt;
                }
                if (looking_for_macros_ || wanted_ != nullptr) {
                    first_on_line = false;
                    continue;
                }
                for (const char* forbidden : kForbiddenIdentifiers) {
                    if (name == forbidden) {
                        return ForbiddenConstruct{line, name,
                                                  name.rfind("__has", 0) == 0
                                                      ? "looks for other files on the grading machine"
                                                      : "runs a pragma from inside the code",
                                                  name.rfind("__has", 0) == 0
                                                      ? "remove it: the kernel file is compiled on its own"
                                                      : "write the pragma as a #pragma line, or leave it out"};
                    }
                }
                first_on_line = false;
            } else {
                first_on_line = false;
                ++i_;
            }
        }
        return std::nullopt;
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

    void skip_literal(char quote) {
        ++i_;
        while (i_ < s_.size() && s_[i_].c != quote && s_[i_].c != '\n') {
            if (s_[i_].c == '\\') ++i_;
            ++i_;
        }
        if (i_ < s_.size() && s_[i_].c == quote) ++i_;
    }

    std::string identifier() {
        std::string name;
        while (i_ < s_.size() && identifier_char(s_[i_].c)) name += s_[i_++].c;
        return name;
    }

    // Skips spaces and comments inside a directive line (a block comment may end on another line).
    void skip_directive_space() {
        for (;;) {
            if (i_ >= s_.size()) return;
            if (horizontal_space(s_[i_].c) || static_cast<unsigned char>(s_[i_].c) >= 0x80) {
                ++i_;
                continue;
            }
            bool ignored = false;
            if (skip_comment(ignored)) continue;
            return;
        }
    }

    // Right after the '#' of a directive.
    std::optional<ForbiddenConstruct> directive(unsigned line) {
        skip_directive_space();
        if (i_ >= s_.size() || s_[i_].c == '\n') return std::nullopt;  // the null directive
        if (std::isdigit(static_cast<unsigned char>(s_[i_].c))) {
            return ForbiddenConstruct{line, "# <number>", "changes the file name and line numbers in messages",
                                      "remove the line marker"};
        }
        if (!identifier_start(s_[i_].c)) return std::nullopt;  // not a directive clang knows: a compile error
        const std::string name = identifier();
        const std::string spelling = "#" + name;
        if (name.find("include") != std::string::npos || name == "import" || name == "embed") {
            return ForbiddenConstruct{line, spelling, "pulls in another file",
                                      "paste the code you need into this file: a submission is the kernel file "
                                      "alone, and the grader compiles nothing else"};
        }
        if (name == "line") {
            return ForbiddenConstruct{line, spelling, "changes the file name and line numbers in messages",
                                      "remove the #line directive"};
        }
        if (name == "pragma") return pragma(line);
        if (std::find_if(kAllowedDirectives.begin(), kAllowedDirectives.end(),
                         [&](const char* allowed) { return name == allowed; }) == kAllowedDirectives.end()) {
            return ForbiddenConstruct{line, spelling, "is a preprocessor directive the grader does not accept",
                                      "use only #define, #undef, #if/#ifdef/#ifndef/#elif/#else/#endif, #pragma, "
                                      "#error and #warning"};
        }
        return std::nullopt;
    }

    std::optional<ForbiddenConstruct> pragma(unsigned line) {
        skip_directive_space();
        const std::string first = i_ < s_.size() && identifier_start(s_[i_].c) ? identifier() : std::string();
        skip_directive_space();
        const std::string second = i_ < s_.size() && identifier_start(s_[i_].c) ? identifier() : std::string();
        for (const auto& [one, two] : kForbiddenPragmas) {
            if (first == one && (*two == '\0' || second == two)) {
                return ForbiddenConstruct{line, "#pragma " + first + (*two == '\0' ? "" : " " + second),
                                          "is a pragma that reaches other files or the compiler itself",
                                          "remove the pragma: a kernel needs at most #pragma OPENCL EXTENSION and "
                                          "unroll hints"};
            }
        }
        return std::nullopt;
    }

    // Right after the '#': true when the directive tests or defines with a compiler-defined macro.
    bool macros_in_directive() {
        skip_directive_space();
        if (i_ >= s_.size() || !identifier_start(s_[i_].c)) return false;
        const std::string name = identifier();
        static const std::array<const char*, 8> kTesting = {"if",      "ifdef",    "ifndef",   "elif",
                                                            "elifdef", "elifndef", "define", "undef"};
        if (std::find_if(kTesting.begin(), kTesting.end(), [&](const char* d) { return name == d; }) ==
            kTesting.end())
            return false;
        while (i_ < s_.size() && s_[i_].c != '\n') {
            bool ignored = false;
            const char c = s_[i_].c;
            if (skip_comment(ignored)) continue;
            if (c == '"' || c == '\'') {
                skip_literal(c);
            } else if (identifier_start(c)) {
                const unsigned line = s_[i_].line;
                const std::string word = identifier();
                if (compiler_defined(word)) {
                    macro_ = CompilerDependentMacro{line, word};
                    return true;
                }
            } else {
                ++i_;
            }
        }
        return false;
    }

    std::vector<Char> s_;
    std::size_t i_ = 0;
    bool looking_for_macros_ = false;
    std::optional<CompilerDependentMacro> macro_;
    const std::function<bool(const std::string&)>* wanted_ = nullptr;
    std::optional<SourceWord> word_;
};

}  // namespace

std::optional<ForbiddenConstruct> find_forbidden_construct(const std::string& text) {
    return Scanner(logical_characters(text)).run();
}

std::optional<CompilerDependentMacro> find_compiler_dependent_macro(const std::string& text) {
    return Scanner(logical_characters(text)).compiler_dependent();
}

std::optional<SourceWord> find_identifier(const std::string& text,
                                          const std::function<bool(const std::string&)>& wanted) {
    return Scanner(logical_characters(text)).identifier_where(wanted);
}

}  // namespace course
