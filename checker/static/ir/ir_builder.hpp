// Reads one `__kernel` function's clang AST into the analysis form of kernel_ir.hpp.
#pragma once

#include "kernel_ir.hpp"

#include <clang-c/Index.h>

#include <string>

namespace checker::barriers {

// `main_file` is the name the translation unit was parsed under (positions in it get an empty
// file name). Calls to functions defined in the source are inlined; builtins are summarised.
KernelIr build_kernel_ir(CXTranslationUnit unit, CXCursor kernel, const std::string& main_file);

}  // namespace checker::barriers
