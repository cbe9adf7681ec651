// What in a kernel file makes the compiler work long, as the course's own reading of the text
// sees it (no compiler): how many kernels it has and how large it is, the macro that expands to
// the most tokens, and the loop unrolled the most times. Said when a build runs out of time, so
// that the message names what is large in this file rather than a list of guesses.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

namespace course {

struct LongestMacro {
    std::string name;
    unsigned line = 0;          // of its #define
    std::uint64_t tokens = 0;   // tokens of its expansion, macros in it expanded (capped at kMostCountedTokens)
};

struct LargestUnroll {
    unsigned line = 0;         // of the #pragma unroll
    std::uint64_t count = 0;   // copies asked for; 0: a plain `#pragma unroll`, the whole loop
};

struct CompileLoad {
    std::size_t kernels = 0;  // kernel functions: the compiler builds every one of them
    std::size_t bytes = 0;
    std::optional<LongestMacro> longest_macro;    // of the macros whose expansion is longer than their body
    std::optional<LargestUnroll> largest_unroll;  // of the #pragma unroll lines
};

// Beyond this many tokens a macro's expansion is counted no further.
constexpr std::uint64_t kMostCountedTokens = 1'000'000'000'000ull;

CompileLoad compile_load(const std::string& text);

// One sentence: "The file has 10001 kernels in 668 KB; ...", each fact it has, the largest first
// where one stands out.
std::string compile_load_text(const CompileLoad& load);

}  // namespace course
