// Which branches of a kernel file's #if / #ifdef / #ifndef / #elif / #else a build takes, as far
// as that can be known before a compiler reads the file: with the build's -D defines and the file's
// own #define and #undef, while every macro an OpenCL compiler may define by itself counts as
// possibly defined, with any value, but those every OpenCL C 1.2 compiler defines (always_defined)
// count as defined. A branch is then surely taken, surely not taken, or maybe taken.
#pragma once

#include "harness/condition_expression.hpp"
#include "harness/source_scan.hpp"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace course {

enum class Truth { no, yes, maybe };

// The macros a build starts with.
struct BuildMacros {
    std::vector<std::pair<std::string, std::string>> defines;  // -D NAME=VALUE
    // True before the defines are known (the file is read before it is built, at any of the lab's
    // define sets or with a command line's -D): every name the file itself does not settle may then
    // be defined, with any value.
    bool any_defines = false;
};

// The branch a directive sits in.
struct BranchPlace {
    Truth taken = Truth::yes;
    // The branch that decides, as a student reads it: "`#ifdef __CLION_IDE__` (line 1)", or
    // "`#else` (line 4) of `#ifndef X` (line 1)"; empty at file level.
    std::string branch;
    std::string unsure;  // when maybe: the macro whose definition the build cannot know, if one is to blame
};

// One place per directive of `scan`, in the same order. An #if, #elif, #else or #endif line has the
// place of the branch around its whole #if ... #endif.
std::vector<BranchPlace> branch_places(const SourceScan& scan, const BuildMacros& macros);

// A macro an OpenCL compiler may define by itself, so a build cannot know whether it is defined:
// every reserved name (`__OPENCL_VERSION__`, `__IMAGE_SUPPORT__`, `__clang__`, `_WIN32`, ...) but
// those only an IDE defines for its own reading of the code (`__CLION_IDE__`, `__INTELLISENSE__`,
// ...); what OpenCL C's own header defines (`CL_VERSION_1_2`, `CLK_LOCAL_MEM_FENCE`, `FLT_MAX`,
// `M_PI_F`, `cl_khr_fp64`, ...); `FULL_PROFILE`, `EMBEDDED_PROFILE`; what PoCL defines (`inline`,
// `POCL_*`); vendor names (`NVIDIA`, `AMD`, ...); `true` and `false`.
bool compiler_may_define(const std::string& name);

// What every OpenCL C 1.2 compiler defines (the OpenCL C 1.2 specification, 6.10 and 6.7.2):
// `__OPENCL_VERSION__`, `__OPENCL_C_VERSION__`, `__FILE__`, `__LINE__` (values a build cannot
// know), `CL_VERSION_1_0` (100), `CL_VERSION_1_1` (110), `CL_VERSION_1_2` (120), `__ENDIAN_LITTLE__`
// (1: every device the course runs on is little-endian) and the function-like `__kernel_exec` and
// `kernel_exec`. Empty when `name` is not one of them. A -D define or the file's own #define or
// #undef still overrides it.
std::optional<MacroView> always_defined(const std::string& name);

}  // namespace course
