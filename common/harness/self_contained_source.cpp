#include "harness/self_contained_source.hpp"

#include "harness/source_scan.hpp"
#include "util/text_escape.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <utility>

namespace course {

namespace {

// Identifiers that reach the file system or run a pragma from inside an expression.
constexpr std::array<const char*, 5> kForbiddenIdentifiers = {"_Pragma", "__pragma", "__has_include",
                                                              "__has_include_next", "__has_embed"};

// Directives the course's kernels may use; everything else is refused by name.
constexpr std::array<const char*, 13> kAllowedDirectives = {"define", "undef",   "if",       "ifdef", "ifndef",
                                                            "elif",   "elifdef", "elifndef", "else",  "endif",
                                                            "pragma", "error",   "warning"};

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
    "__kernel",    "__global",     "__local",      "__constant",  "__private",    "__attribute__",
    "__read_only", "__write_only", "__read_write", "__restrict",  "__restrict__", "__inline",
    "__inline__",  "__FILE__",     "__LINE__",     "__VA_ARGS__", "__VA_OPT__",   "__func__",
    "__typeof__",  "__alignof__",  "__const",      "__volatile__"};

const std::string kPasteCode =
    "paste the code you need into this file: a submission is the kernel file alone, and the grader compiles "
    "nothing else";

bool compiler_defined(const std::string& name) {
    if (name == "FULL_PROFILE" || name == "EMBEDDED_PROFILE" || name.rfind("cl_", 0) == 0) return true;
    if (name.rfind("__", 0) != 0 || name.rfind("__builtin_", 0) == 0) return false;
    return std::find_if(kLanguageNames.begin(), kLanguageNames.end(), [&](const char* n) { return name == n; }) ==
           kLanguageNames.end();
}

bool pulls_in_a_file(const ScannedDirective& d) {
    return d.name.find("include") != std::string::npos || d.name == "import" || d.name == "embed";
}

// `#line 6`: only the line number changes, no file name.
bool plain_line_number(const ScannedDirective& d) {
    return d.name == "line" && !d.rest.empty() && std::all_of(d.rest.begin(), d.rest.end(), [](char c) {
               return std::isdigit(static_cast<unsigned char>(c));
           });
}

std::vector<std::string> words_of(const std::string& text) {
    std::vector<std::string> words;
    for (std::size_t i = 0; i < text.size();) {
        const unsigned char c = static_cast<unsigned char>(text[i]);
        if (c == '"' || c == '\'') {
            const std::size_t close = text.find(static_cast<char>(c), i + 1);
            i = close == std::string::npos ? text.size() : close + 1;
        } else if (std::isalpha(c) || c == '_') {
            std::size_t end = i;
            while (end < text.size() && (std::isalnum(static_cast<unsigned char>(text[end])) || text[end] == '_'))
                ++end;
            words.push_back(text.substr(i, end - i));
            i = end;
        } else {
            ++i;
        }
    }
    return words;
}

// Whether `d` tests only whether `name`, a macro every compiler defines (always_defined), is
// defined: `#ifndef __OPENCL_VERSION__`, `#if !defined(__OPENCL_VERSION__)`. libclang defines it
// too, so it reads the same lines as the device's compiler; its value may still differ.
bool only_definedness_of_standard(const ScannedDirective& d, const std::string& name) {
    if (!always_defined(name)) return false;
    if (d.name == "ifdef" || d.name == "ifndef" || d.name == "elifdef" || d.name == "elifndef") return true;
    if (d.name != "if" && d.name != "elif") return false;
    const auto words = words_of(d.rest);
    for (std::size_t i = 0; i < words.size(); ++i)
        if (words[i] == name && (i == 0 || words[i - 1] != "defined")) return false;
    return true;
}

std::optional<ForbiddenConstruct> refused_pragma(const ScannedDirective& d) {
    const auto words = words_of(d.rest);
    const std::string first = words.empty() ? std::string() : words[0];
    const std::string second = words.size() < 2 ? std::string() : words[1];
    for (const auto& [one, two] : kForbiddenPragmas) {
        if (first == one && (*two == '\0' || second == two)) {
            return ForbiddenConstruct{d.line, "#pragma " + first + (*two == '\0' ? "" : " " + second),
                                      "is a pragma that reaches other files or the compiler itself",
                                      "remove the pragma: a kernel needs at most #pragma OPENCL EXTENSION and "
                                      "unroll hints"};
        }
    }
    return std::nullopt;
}

// Why an include in this branch counts: the branch is taken, or may be.
std::string branch_words(const BranchPlace& place) {
    if (place.branch.empty()) return {};
    if (place.taken == Truth::yes) return " (it is inside " + place.branch + ", a branch this build takes)";
    const std::string why =
        place.unsure.empty() ? std::string() : ": " + place.unsure + " is a macro compilers may define by themselves";
    return " (it is inside " + place.branch + ", a branch an OpenCL compiler may take" + why + ")";
}

// A directive refused wherever it is; includes and `#line` are judged by the caller first.
std::optional<ForbiddenConstruct> refused_directive(const ScannedDirective& d, const BranchPlace& place) {
    if (d.number) {
        return ForbiddenConstruct{d.line, "# <number>", "changes the file name and line numbers in messages",
                                  "remove the line marker"};
    }
    if (d.name.empty()) return std::nullopt;  // `#` alone, or `#` before no name clang knows: a compile error
    const std::string spelling = "#" + ascii_name(d.name);  // "#\u0456nclude", not a look-alike of #include
    if (pulls_in_a_file(d)) {
        const std::string ide = place.branch.empty() ? std::string()
                                                     : ". An include meant only for an IDE can stay inside `#ifdef "
                                                       "__CLION_IDE__` or `#if 0`: the grader leaves those out";
        return ForbiddenConstruct{d.line, spelling, "pulls in another file" + branch_words(place), kPasteCode + ide};
    }
    if (d.name == "line") {
        return ForbiddenConstruct{d.line, spelling, "changes the file name and line numbers in messages",
                                  "remove the #line directive (a #line with a line number alone is left out)"};
    }
    if (d.name == "pragma") return refused_pragma(d);
    if (std::find_if(kAllowedDirectives.begin(), kAllowedDirectives.end(),
                     [&](const char* allowed) { return d.name == allowed; }) == kAllowedDirectives.end()) {
        return ForbiddenConstruct{d.line, spelling, "is a preprocessor directive the grader does not accept",
                                  "use only #define, #undef, #if/#ifdef/#ifndef/#elif/#else/#endif, #pragma, "
                                  "#error and #warning"};
    }
    return std::nullopt;
}

std::optional<ForbiddenConstruct> refused_word(const ScannedWord& w) {
    for (const char* forbidden : kForbiddenIdentifiers) {
        if (w.name != forbidden) continue;
        const bool looks = w.name.rfind("__has", 0) == 0;
        return ForbiddenConstruct{
            w.line, w.name,
            looks ? "looks for other files on the grading machine" : "runs a pragma from inside the code",
            looks ? "remove it: the kernel file is compiled on its own"
                  : "write the pragma as a #pragma line, or leave it out"};
    }
    return std::nullopt;
}

void blank_out(std::string& text, const ScannedDirective& d) {
    for (std::size_t i = d.begin; i < d.end && i < text.size(); ++i) {
        if (text[i] != '\n' && text[i] != '\r') text[i] = ' ';
    }
}

// Leaves out, in `result.text`, what no compiler of this build needs: includes in branches it surely
// does not take (also those it may take, when `deferring`: a file read before its build), `#line N`.
void leave_out(SelfContainedText& result, const BuildMacros& macros, bool deferring) {
    const SourceScan scan = scan_source(result.text);
    const auto places = branch_places(scan, macros);
    for (std::size_t k = 0; k < scan.directives.size(); ++k) {
        const ScannedDirective& d = scan.directives[k];
        const BranchPlace& place = places[k];
        LeftOutDirective out{d.line, directive_text(d), {}};
        if (pulls_in_a_file(d) && place.taken == Truth::no) {
            out.why = "it is inside " + place.branch + ", a branch this build does not take";
        } else if (plain_line_number(d)) {
            out.why = "so that messages give this file's own line numbers";
        } else if (!(deferring && pulls_in_a_file(d) && place.taken == Truth::maybe)) {
            continue;
        }
        blank_out(result.text, d);
        if (!out.why.empty()) result.left_out.push_back(std::move(out));
    }
}

// Judges `result.text` again, strictly: every include and `#line` left in it is refused, whatever its
// branch, and so is every other forbidden construct. The first is the answer; every refused directive
// is left out too, so that the text is safe for a lexer (it is never compiled then).
void refuse_what_is_left(SelfContainedText& result, const BuildMacros& macros) {
    const SourceScan scan = scan_source(result.text);
    const auto places = branch_places(scan, macros);
    for (std::size_t k = 0; k < scan.directives.size(); ++k) {
        auto refused = refused_directive(scan.directives[k], places[k]);
        if (!refused) continue;
        if (!result.refused) result.refused = std::move(refused);
        blank_out(result.text, scan.directives[k]);
    }
    for (const auto& w : scan.underscore_words) {
        if (result.refused && result.refused->line <= w.line) break;
        if (auto refused = refused_word(w)) {
            result.refused = std::move(refused);
            break;
        }
    }
}

SelfContainedText judged(const std::string& text, const BuildMacros& macros, bool deferring) {
    SelfContainedText result;
    result.text = text;
    leave_out(result, macros, deferring);
    refuse_what_is_left(result, macros);
    return result;
}

// Per #if, #ifdef, #ifndef or #elif line: true when its whole #if ... #endif holds nothing but
// other such empty conditionals.
std::vector<bool> empty_conditionals(const SourceScan& scan) {
    std::vector<bool> empty(scan.directives.size(), false);
    struct Open {
        std::vector<std::size_t> lines;
        std::size_t code_before;
        bool has_content;
    };
    std::vector<Open> open;
    for (std::size_t k = 0; k < scan.directives.size(); ++k) {
        const ScannedDirective& d = scan.directives[k];
        const std::string& n = d.name;
        if (n == "if" || n == "ifdef" || n == "ifndef") {
            open.push_back({{k}, d.code_before, false});
        } else if (!open.empty() && (n == "elif" || n == "elifdef" || n == "elifndef" || n == "else")) {
            open.back().lines.push_back(k);
        } else if (!open.empty() && n == "endif") {
            const Open o = open.back();
            open.pop_back();
            const bool nothing = !o.has_content && d.code_before == o.code_before;
            for (std::size_t line : o.lines) empty[line] = nothing;
            if (!nothing && !open.empty()) open.back().has_content = true;
        } else if (!open.empty() && (!n.empty() || d.number)) {
            open.back().has_content = true;  // #define, #pragma, ...: something the branch changes
        }
    }
    return empty;
}

}  // namespace

std::string left_out_note(const LeftOutDirective& left_out) {
    return "line " + std::to_string(left_out.line) + ": `" + left_out.text + "` left out: " + left_out.why;
}

SelfContainedText self_contained_text(const std::string& text, const BuildMacros& macros) {
    return judged(text, macros, false);
}

std::optional<ForbiddenConstruct> find_forbidden_construct(const std::string& text) {
    BuildMacros any;
    any.any_defines = true;
    return judged(text, any, true).refused;
}

std::optional<CompilerDependentMacro> find_compiler_dependent_macro(const std::string& text) {
    static const std::array<const char*, 8> kTesting = {"if",      "ifdef",    "ifndef", "elif",
                                                        "elifdef", "elifndef", "define", "undef"};
    const SourceScan scan = scan_source(text);
    const auto empty = empty_conditionals(scan);
    for (std::size_t k = 0; k < scan.directives.size(); ++k) {
        const ScannedDirective& d = scan.directives[k];
        if (empty[k] || std::find_if(kTesting.begin(), kTesting.end(), [&](const char* t) { return d.name == t; }) ==
                            kTesting.end()) {
            continue;
        }
        for (const auto& word : words_of(d.rest)) {
            if (compiler_defined(word) && !only_definedness_of_standard(d, word))
                return CompilerDependentMacro{d.line, word};
        }
    }
    return std::nullopt;
}

}  // namespace course
