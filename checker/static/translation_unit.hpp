// Parses one kernel file with libclang as OpenCL C 1.2 and owns the result.
#pragma once

#include "analysis_input.hpp"
#include "cursor_utils.hpp"

#include "harness/self_contained_source.hpp"

#include <clang-c/Index.h>

#include <string>
#include <vector>

namespace checker::barriers {

struct CompileError {
    SourcePosition at;
    std::string text;  // clang's own words, e.g. "use of undeclared identifier 'tile'"
    // Not an error of the compiler: the preprocessor tests this compiler-defined macro (text says so).
    std::string compiler_macro;
};

class KernelTranslationUnit {
public:
    explicit KernelTranslationUnit(const StaticAnalysisInput& input);
    ~KernelTranslationUnit();
    KernelTranslationUnit(const KernelTranslationUnit&) = delete;
    KernelTranslationUnit& operator=(const KernelTranslationUnit&) = delete;

    CXTranslationUnit unit() const { return unit_; }
    // The name the source was parsed under; positions in this file print as the display path.
    const std::string& main_file() const { return main_file_; }

    // Errors (and fatal errors) only: warnings are the build stage's business. Only errors located
    // in the main file carry clang's words; one elsewhere is named without its text. A file that is
    // not self-contained or tests a compiler-defined macro (see self_contained_source.hpp) gets an
    // error too: the analysis cannot be sure it reads what the device compiles.
    std::vector<CompileError> errors() const;
    // Every function definition marked `__kernel` (or `kernel`) in the main file, in file order.
    std::vector<CXCursor> kernel_definitions() const;

private:
    std::string main_file_;
    // The file as every compiler of the build reads it (what no branch reads left out), or why none may.
    course::SelfContainedText compiled_;
    CXIndex index_ = nullptr;
    CXTranslationUnit unit_ = nullptr;
};

}  // namespace checker::barriers
