// A kernel file must be self-contained: the grader compiles that one file and
// nothing else. This scan finds, before any compiler sees the text, every
// preprocessor construct that could pull another file in (`#include`,
// `#include_next`, `#import`, `#embed`, `__has_include`), rename the file in
// messages (`#line`, `# 12 "file"`), or run a pragma that touches files or the
// compiler itself (`_Pragma`, `#pragma GCC dependency`, `#pragma clang __debug`).
//
// It reads the text the way the preprocessor does: trigraphs (`??=`) and
// digraphs (`%:`) for `#`, lines continued with a backslash, \r, \n and \r\n
// line ends, comments between `#` and the directive name, a comment that ends on
// the directive's line. A directive inside `#if 0` is refused too: the scan does
// not evaluate conditions, so nothing hides behind one.
//
// The compile itself is the second wall: it runs on the text passed as a string,
// with no include path and in an empty working folder (see labcheck's child_process).
#pragma once

#include <functional>
#include <optional>
#include <string>

namespace course {

struct ForbiddenConstruct {
    unsigned line = 0;     // 1-based line of the file where it starts
    std::string spelling;  // what the student wrote, normalised: "#include", "_Pragma", "#line"
    std::string why;       // "includes another file", ...
    std::string try_this;  // what to do instead
};

// The first construct a self-contained kernel may not use, or nothing.
std::optional<ForbiddenConstruct> find_forbidden_construct(const std::string& text);

// A macro the compiler defines (or not) by itself, tested by the file's preprocessor:
// `#ifdef __IMAGE_SUPPORT__`, `#if __OPENCL_VERSION__ >= 200`, `#define ON_CLANG __clang__`.
// Such a test can make the static analysis (libclang) read other code than the device's
// compiler builds, so a file that has one is judged by the run under Oclgrind alone.
struct CompilerDependentMacro {
    unsigned line = 0;
    std::string name;
};

// The first use of a compiler-defined macro in a #if, #ifdef, #ifndef, #elif or #define line:
// a name that starts with "__" (other than the OpenCL C keywords __kernel, __global, ...,
// __attribute__, __FILE__, __LINE__, __VA_ARGS__ and __builtin_*), FULL_PROFILE,
// EMBEDDED_PROFILE, or an extension macro cl_*.
std::optional<CompilerDependentMacro> find_compiler_dependent_macro(const std::string& text);

// One identifier of the code and where it is.
struct SourceWord {
    unsigned line = 0;  // 1-based line of the file
    std::string name;   // "float4"
};

// The first identifier `wanted` accepts, read as the scans above read the text: in the code and
// in directive lines (a macro's body included), never in a comment or a string or character literal.
std::optional<SourceWord> find_identifier(const std::string& text,
                                          const std::function<bool(const std::string&)>& wanted);

}  // namespace course
