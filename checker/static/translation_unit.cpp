#include "translation_unit.hpp"

#include "harness/self_contained_source.hpp"

namespace checker::barriers {

namespace {

// The compiler flags that make OpenCL C builtins (get_local_id, barrier, CLK_LOCAL_MEM_FENCE, fma,
// vload4, ...) resolve the way PoCL's own clang sees them. `-fdeclare-opencl-builtins` declares
// the builtin functions on demand instead of parsing the 20,000-line opencl-c.h each time.
std::vector<std::string> compiler_arguments(const StaticAnalysisInput& input) {
    std::vector<std::string> arguments = {
        "-x", "cl", "-cl-std=CL1.2", "-Xclang", "-finclude-default-header", "-Xclang", "-fdeclare-opencl-builtins",
        "-w",
        // What OpenCL device compilers define and clang alone does not (PoCL, NVIDIA and Oclgrind
        // all do), so that libclang reads the same lines as the device's compiler:
        "-D__IMAGE_SUPPORT__=1", "-DFULL_PROFILE=1", "-D__OPENCL_VERSION__=120"};
    for (const auto& [name, value] : input.defines)
        arguments.push_back(value.empty() ? "-D" + name : "-D" + name + "=" + value);
    return arguments;
}

bool is_kernel_attribute(CXTranslationUnit unit, CXCursor attribute) {
    if (clang_getCursorKind(attribute) != CXCursor_UnexposedAttr) return false;
    std::vector<Token> tokens = tokens_of(unit, attribute);
    return !tokens.empty() && (tokens.front().text == "__kernel" || tokens.front().text == "kernel");
}

// The macros the build stage compiles with: the text libclang reads is the one every compiler reads.
course::BuildMacros build_macros(const StaticAnalysisInput& input) {
    course::BuildMacros macros;
    for (const auto& [name, value] : input.defines) macros.defines.emplace_back(name, value.empty() ? "1" : value);
    return macros;
}

}  // namespace

KernelTranslationUnit::KernelTranslationUnit(const StaticAnalysisInput& input)
    : main_file_(input.display_path.empty() ? "kernel.cl" : input.display_path),
      compiled_(course::self_contained_text(input.source, build_macros(input))) {
    std::vector<std::string> arguments = compiler_arguments(input);
    std::vector<const char*> argv;
    for (const std::string& argument : arguments) argv.push_back(argument.c_str());
    // A refused file is never parsed: libclang would follow its include (it has -D__IMAGE_SUPPORT__).
    if (compiled_.refused) return;
    const std::string& text = compiled_.text;
    CXUnsavedFile unsaved{main_file_.c_str(), text.data(), static_cast<unsigned long>(text.size())};
    index_ = clang_createIndex(/*excludeDeclarationsFromPCH=*/0, /*displayDiagnostics=*/0);
    unit_ = clang_parseTranslationUnit(index_, main_file_.c_str(), argv.data(), static_cast<int>(argv.size()), &unsaved,
                                       1, CXTranslationUnit_None);
}

KernelTranslationUnit::~KernelTranslationUnit() {
    if (unit_) clang_disposeTranslationUnit(unit_);
    if (index_) clang_disposeIndex(index_);
}

std::vector<CompileError> KernelTranslationUnit::errors() const {
    std::vector<CompileError> errors;
    // A file the grader refuses, or one whose preprocessor tests a compiler-defined macro, is one
    // the analysis cannot vouch for: libclang may read other lines than the device's compiler.
    if (const auto& forbidden = compiled_.refused) {
        CompileError refused;
        refused.at.line = forbidden->line;
        refused.text = forbidden->spelling + " " + forbidden->why + ": the file must be self-contained";
        errors.push_back(refused);
        return errors;
    }
    if (!unit_) {
        CompileError not_parsed;
        not_parsed.text = "libclang could not start parsing the file";
        errors.push_back(not_parsed);
        return errors;
    }
    if (const auto macro = course::find_compiler_dependent_macro(compiled_.text)) {
        CompileError depends;
        depends.at.line = macro->line;
        depends.compiler_macro = macro->name;
        depends.text = "the preprocessor tests " + macro->name +
                       ", which the compiler defines by itself, so the static analysis cannot know which lines the "
                       "device compiles";
        errors.push_back(depends);
    }
    unsigned count = clang_getNumDiagnostics(unit_);
    for (unsigned i = 0; i < count; ++i) {
        CXDiagnostic diagnostic = clang_getDiagnostic(unit_, i);
        CXDiagnosticSeverity severity = clang_getDiagnosticSeverity(diagnostic);
        if (severity == CXDiagnostic_Error || severity == CXDiagnostic_Fatal) {
            const CXSourceLocation location = clang_getDiagnosticLocation(diagnostic);
            if (clang_Location_isFromMainFile(location)) {
                CompileError error;
                error.at = position_of(location, main_file_);
                error.text = take_string(clang_getDiagnosticSpelling(diagnostic));
                errors.push_back(error);
            } else {
                // Only the student's own text is ever quoted: an error elsewhere is named, not shown.
                CompileError elsewhere;
                elsewhere.text = "an error outside the kernel file (in a header the compiler adds)";
                errors.push_back(elsewhere);
            }
        }
        clang_disposeDiagnostic(diagnostic);
    }
    return errors;
}

std::vector<CXCursor> KernelTranslationUnit::kernel_definitions() const {
    std::vector<CXCursor> kernels;
    if (!unit_) return kernels;
    for (CXCursor declaration : children_of(clang_getTranslationUnitCursor(unit_))) {
        if (clang_getCursorKind(declaration) != CXCursor_FunctionDecl) continue;
        if (!clang_isCursorDefinition(declaration)) continue;
        if (!clang_Location_isFromMainFile(clang_getCursorLocation(declaration))) continue;
        for (CXCursor child : children_of(declaration)) {
            if (is_kernel_attribute(unit_, child)) {
                kernels.push_back(declaration);
                break;
            }
        }
    }
    return kernels;
}

}  // namespace checker::barriers
