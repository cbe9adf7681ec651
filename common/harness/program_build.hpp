// Builds a kernel file into an OpenCL program at run time, with -D defines, and
// turns build failures into messages that name the student's file and line.
#pragma once

#include "terms/defines.hpp"
#include "harness/kernel_source.hpp"
#include "util/user_error.hpp"

#include <CL/opencl.hpp>

#include <filesystem>
#include <string>
#include <vector>

namespace course {

struct BuiltProgram {
    cl::Program program;
    KernelSource source;
    Defines defines;
    std::string build_log;  // warnings, mapped to the student's file, control characters written out; empty when clean
    // What the build left out of the text it compiled (an include in a branch it does not take,
    // `#line 6`), one note each: "line 2: `#include <x.cl>` left out: ...". See self_contained_source.hpp.
    std::vector<std::string> left_out;
};

// A compile error: what the compiler said, against the student's file (control characters
// written out visibly, util/text_escape.hpp).
class KernelBuildError : public UserError {
public:
    KernelBuildError(const ErrorParts& parts, std::string mapped_log, unsigned first_line);
    const std::string& log() const { return log_; }
    unsigned first_line() const { return first_line_; }

private:
    std::string log_;
    unsigned first_line_;
};

// The file compiled, but the kernel its lab's contract names is missing or takes
// other parameters. Thrown by make_kernel; a UserError like any other, so
// callers that only report it need not know the difference.
class KernelContractError : public UserError {
public:
    enum class Kind { missing_kernel, wrong_signature };
    KernelContractError(const ErrorParts& parts, Kind kind) : UserError(parts), kind_(kind) {}
    Kind kind() const { return kind_; }

private:
    Kind kind_;
};

// Compiles `source` for `device` as OpenCL C 1.2 with the defines. The file must be
// self-contained (see self_contained_source.hpp): the compiler reads the text judged with these
// defines, with what no branch of this build reads left out (no kernel of the course includes
// a header, and a submission may include nothing, so there is no include path). The build log keeps only what is about the
// student's file (see build_log.hpp).
BuiltProgram build_program(const cl::Context& context, const cl::Device& device, const KernelSource& source,
                           const Defines& defines);

// The names of the kernels a built program defines.
std::vector<std::string> kernel_names(const cl::Program& program);

// One scalar, pointer or image parameter of a kernel contract, e.g. {"a", "float*", true}; written
// with the helpers below, as the contract reads: {input_floats("a"), output_floats("at"), uint_scalar("m")}.
struct KernelParameter {
    std::string name;
    std::string type;  // as OpenCL reports it: "float*", "uint", "image2d_t"
    bool global_pointer = false;
    bool read_only_image = false;  // an image the kernel reads: `__read_only image2d_t b` (lab 08)
    // The contract writes the pointer `const` (data the kernel only reads). Shown in messages; a kernel
    // that leaves `const` out still matches (the data passed is the same).
    bool const_data = false;
};

// `__global const float* name`, `__global float* name`, `uint name`, `__read_only image2d_t name`.
inline KernelParameter input_floats(const char* name) { return {name, "float*", true, false, true}; }
inline KernelParameter output_floats(const char* name) { return {name, "float*", true, false, false}; }
inline KernelParameter uint_scalar(const char* name) { return {name, "uint", false, false, false}; }
inline KernelParameter read_only_image(const char* name) { return {name, "image2d_t", false, true, false}; }

// The named kernel, checked against its contract. Throws KernelContractError when
// the file has no such kernel (listing those it has) or the parameters differ.
cl::Kernel make_kernel(const BuiltProgram& built, const std::string& name,
                       const std::vector<KernelParameter>& contract);

}  // namespace course
