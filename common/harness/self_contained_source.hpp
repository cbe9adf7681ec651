// A kernel file must be self-contained: the grader compiles that one file and nothing else.
// This judges, before any compiler sees the text, every preprocessor construct that could pull
// another file in (`#include`, `#include_next`, `#import`, `#embed`, `__has_include`), rename the
// file in messages (`#line N "file"`, `# 12 "file"`), or run a pragma that touches files or the
// compiler itself (`_Pragma`, `#pragma GCC dependency`, `#pragma clang __debug`). The text is read
// the way the preprocessor reads it (source_scan.hpp: trigraphs, digraphs, line continuations,
// comments inside directives).
//
// Conditions are judged with the build's own macros (preprocessor_branches.hpp): an include in a
// branch the build surely does not take (`#ifdef __CLION_IDE__`, `#if 0`) is left out of the text
// that reaches every compiler, and so is `#line N` with a number alone (messages then keep the
// file's own line numbers). Left out means replaced by spaces: every line keeps its number. Every
// other such construct, and an include in a branch that is or may be taken, is refused. The text
// that is compiled is scanned once more, strictly: no include, line marker or forbidden pragma is
// left in it anywhere, whatever branch it is in, so a device compiler that secretly defines
// `__CLION_IDE__` still reads no other file.
//
// The compile itself is the second wall: it runs on the text passed as a string,
// with no include path and in an empty working folder (see labcheck's child_process).
#pragma once

#include "harness/preprocessor_branches.hpp"

#include <optional>
#include <string>
#include <vector>

namespace course {

struct ForbiddenConstruct {
    unsigned line = 0;     // 1-based line of the file where it starts
    std::string spelling;  // what the student wrote, normalised: "#include", "_Pragma", "#line"
    std::string why;       // "pulls in another file", ...
    std::string try_this;  // what to do instead
};

// A directive the grader left out of the text every compiler reads.
struct LeftOutDirective {
    unsigned line = 0;
    std::string text;  // as the student wrote it, on one line: "#include <libgpu/opencl/cl/clion_defines.cl>"
    std::string why;   // "it is inside `#ifdef __CLION_IDE__` (line 1), a branch this build does not take"
};

// "line 2: `#include <x.cl>` left out: it is inside ...".
std::string left_out_note(const LeftOutDirective& left_out);

struct SelfContainedText {
    // What every compiler of this build reads. When the file is refused, the refused directives are
    // left out of it too: safe for a lexer (labcheck similarity), never to be compiled.
    std::string text;
    std::vector<LeftOutDirective> left_out;     // in file order
    std::optional<ForbiddenConstruct> refused;  // the first construct refused: then nothing may compile the file
};

// The text a build with these macros compiles, or why it may compile nothing.
SelfContainedText self_contained_text(const std::string& text, const BuildMacros& macros);

// When a file is read, before its defines are known: the first construct refused at every define set
// (an include the file takes whatever is defined, `#line 1 "x"`, `_Pragma`, ...). An include in a
// branch whose condition a define could change is judged by each build.
std::optional<ForbiddenConstruct> find_forbidden_construct(const std::string& text);

// A macro the compiler defines (or not) by itself, tested by the file's preprocessor:
// `#ifdef __IMAGE_SUPPORT__`, `#if __OPENCL_VERSION__ >= 200`, `#define ON_CLANG __clang__`.
// Such a test can make the static analysis (libclang) read other code than the device's compiler
// builds, so a file that has one is judged by the run under Oclgrind alone.
struct CompilerDependentMacro {
    unsigned line = 0;
    std::string name;
};

// The first use of a compiler-defined macro in a #if, #ifdef, #ifndef, #elif or #define line:
// a name that starts with "__" (other than the OpenCL C keywords __kernel, __global, ...,
// __attribute__, __FILE__, __LINE__, __VA_ARGS__ and __builtin_*), FULL_PROFILE,
// EMBEDDED_PROFILE, or an extension macro cl_*. Testing only whether a macro every compiler
// defines is defined (`#ifndef __OPENCL_VERSION__`, `#if !defined(__OPENCL_C_VERSION__)`: see
// always_defined) is not counted; its value is. An #if ... #endif whose branches hold nothing
// (`#ifdef __CLION_IDE__` once its include is left out) changes no line a compiler reads and is
// not counted. Give it the text the compilers read (SelfContainedText::text).
std::optional<CompilerDependentMacro> find_compiler_dependent_macro(const std::string& text);

}  // namespace course
