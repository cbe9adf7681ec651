#include "harness/program_build.hpp"

#include "harness/build_log.hpp"
#include "harness/compile_ahead.hpp"
#include "harness/guarded_buffer.hpp"
#include "harness/kernel_launch.hpp"
#include "harness/self_contained_source.hpp"
#include "harness/source_identifiers.hpp"
#include "util/text_escape.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <sstream>

#include <fcntl.h>
#include <unistd.h>

namespace course {

namespace {

std::string device_log(const cl::Program& program, const cl::Device& device) {
    try {
        return program.getBuildInfo<CL_PROGRAM_BUILD_LOG>(device);
    } catch (const cl::Error&) {
        return {};
    }
}

// Some drivers (PoCL) also print compiler diagnostics straight to stderr, where
// they duplicate the build log we show mapped to the student's file. While it
// lives, stderr goes to /dev/null, unless LAB_VERBOSE_BUILD is set.
class QuietStderr {
public:
    QuietStderr() {
        if (std::getenv("LAB_VERBOSE_BUILD") != nullptr) return;
        std::fflush(stderr);
        saved_ = dup(STDERR_FILENO);
        const int null = open("/dev/null", O_WRONLY);
        if (saved_ >= 0 && null >= 0) dup2(null, STDERR_FILENO);
        if (null >= 0) close(null);
    }
    ~QuietStderr() {
        if (saved_ < 0) return;
        std::fflush(stderr);
        dup2(saved_, STDERR_FILENO);
        close(saved_);
    }
    QuietStderr(const QuietStderr&) = delete;
    QuietStderr& operator=(const QuietStderr&) = delete;

private:
    int saved_ = -1;
};

bool only_whitespace(const std::string& text) {
    return std::all_of(text.begin(), text.end(), [](unsigned char c) { return std::isspace(c); });
}

std::string signature_text(const std::string& kernel, const std::vector<KernelParameter>& parameters) {
    std::string text = "__kernel void " + kernel + "(";
    for (std::size_t i = 0; i < parameters.size(); ++i) {
        const auto& p = parameters[i];
        if (i > 0) text += ", ";
        if (p.read_only_image) {
            text += fmt::format("__read_only {} {}", p.type, p.name);
        } else {
            text += p.global_pointer ? fmt::format("__global {}{} {}", p.const_data ? "const " : "", p.type, p.name)
                                     : fmt::format("{} {}", p.type, p.name);
        }
    }
    return text + ")";
}

// int and uint are both accepted where the contract says uint: they pass the same bits.
bool same_scalar(const std::string& wanted, const std::string& got) {
    const auto plain = [](std::string t) {
        if (t == "unsigned int") return std::string("uint");
        if (t == "int") return std::string("uint");
        return t;
    };
    return plain(wanted) == plain(got);
}

// An image parameter: its type, and the access qualifier the kernel reads it with.
void check_image_parameter(const cl::Kernel& kernel, cl_uint i, const std::string& type, const KernelParameter& want,
                           const std::string& expected, const std::string& where) {
    cl_kernel_arg_access_qualifier access = CL_KERNEL_ARG_ACCESS_READ_ONLY;
    try {
        access = kernel.getArgInfo<CL_KERNEL_ARG_ACCESS_QUALIFIER>(i);
    } catch (const cl::Error&) {
        // no access information: the type is all we can check
    }
    if (type == want.type && access == CL_KERNEL_ARG_ACCESS_READ_ONLY) return;
    const std::string got = type == want.type ? fmt::format("{} {}", access == CL_KERNEL_ARG_ACCESS_WRITE_ONLY
                                                                         ? "__write_only"
                                                                         : "__read_write", type)
                                              : type;
    throw KernelContractError({expected,
                               fmt::format("parameter {} ({}) is {} instead of __read_only {}", i + 1, want.name, got,
                                           want.type),
                               where, "keep the parameter list of the lab's contract (see the lab README)"},
                              KernelContractError::Kind::wrong_signature);
}

void check_parameters(const cl::Kernel& kernel, const BuiltProgram& built, const std::string& name,
                      const std::vector<KernelParameter>& contract) {
    const auto count = kernel.getInfo<CL_KERNEL_NUM_ARGS>();
    const std::string expected = signature_text(name, contract);
    const std::string where = fmt::format("{}, kernel {}", built.source.display_path, name);
    if (count != contract.size()) {
        throw KernelContractError(
            {expected, fmt::format("the kernel takes {} parameters instead of {}", count, contract.size()), where,
             "keep the parameter list of the lab's contract (see the lab README)"},
            KernelContractError::Kind::wrong_signature);
    }
    for (cl_uint i = 0; i < count; ++i) {
        std::string type;
        cl_kernel_arg_address_qualifier address = CL_KERNEL_ARG_ADDRESS_PRIVATE;
        try {
            type = kernel.getArgInfo<CL_KERNEL_ARG_TYPE_NAME>(i);
            address = kernel.getArgInfo<CL_KERNEL_ARG_ADDRESS_QUALIFIER>(i);
        } catch (const cl::Error&) {
            return;  // the driver keeps no argument info: the count check is all we can do
        }
        type.erase(std::remove(type.begin(), type.end(), '\0'), type.end());
        const auto& want = contract[i];
        if (want.read_only_image) {
            check_image_parameter(kernel, i, type, want, expected, where);
            continue;
        }
        const bool pointer_ok = want.global_pointer == (address == CL_KERNEL_ARG_ADDRESS_GLOBAL);
        const bool type_ok = want.global_pointer ? type == want.type : same_scalar(want.type, type);
        if (!pointer_ok || !type_ok) {
            throw KernelContractError({expected,
                                       fmt::format("parameter {} ({}) is {}{} instead of {}{}", i + 1, want.name,
                                                   address == CL_KERNEL_ARG_ADDRESS_GLOBAL ? "__global " : "", type,
                                                   want.global_pointer ? (want.const_data ? "__global const " : "__global ")
                                                                       : "",
                                                   want.type),
                                       where, "keep the parameter list of the lab's contract (see the lab README)"},
                                      KernelContractError::Kind::wrong_signature);
        }
    }
}

// What the launch that compiles a kernel ahead passes for each parameter of its contract. The
// contract's scalars are uint (an int passes the same 4 bytes).
std::vector<StandInArgument> stand_in_arguments(const std::vector<KernelParameter>& contract) {
    std::vector<StandInArgument> arguments;
    for (const auto& parameter : contract) {
        if (parameter.global_pointer)
            arguments.push_back({StandInArgument::Kind::buffer});
        else if (parameter.read_only_image)
            arguments.push_back({StandInArgument::Kind::read_only_image});
        else
            arguments.push_back({StandInArgument::Kind::scalar, sizeof(cl_uint)});
    }
    return arguments;
}

}  // namespace

std::vector<std::string> kernel_names(const cl::Program& program) {
    std::vector<std::string> names;
    std::istringstream list(program.getInfo<CL_PROGRAM_KERNEL_NAMES>());
    for (std::string name; std::getline(list, name, ';');) {
        if (!name.empty()) names.push_back(name);
    }
    return names;
}

namespace {

// OpenCL C 2.0's barrier does not exist in 1.2, and the compiler names it by a runtime's internal
// spelling (PoCL: "_cl_work_group_barrier"): say what it is and what 1.2 has instead.
std::string opencl_2_hint(const std::string& text) {
    const auto use = find_identifier(text, [](const std::string& name) { return name == "work_group_barrier"; });
    if (!use) return {};
    return fmt::format(
        "; line {} calls work_group_barrier, which is OpenCL C 2.0: kernels here are compiled as OpenCL C 1.2, where "
        "the same call is barrier(CLK_LOCAL_MEM_FENCE)",
        use->line);
}

}  // namespace

KernelBuildError::KernelBuildError(const ErrorParts& parts, std::string mapped_log, unsigned first_line)
    : UserError(parts), log_(std::move(mapped_log)), first_line_(first_line) {}

BuiltProgram build_program(const cl::Context& context, const cl::Device& device, const KernelSource& source,
                           const Defines& defines) {
    // A kernel file is compiled alone: no -I, and a source that would include anything is
    // refused here too (read_kernel_source refuses it first when every build would).
    BuildMacros macros;
    for (const auto& d : defines.items()) macros.defines.emplace_back(d.name, d.value);
    const SelfContainedText compiled = self_contained_text(source.text, macros);
    if (const auto& forbidden = compiled.refused) {
        throw UserError({"a self-contained kernel file: the grader compiles this one file and nothing else",
                         fmt::format("line {}: {} {}", forbidden->line, forbidden->spelling, forbidden->why),
                         fmt::format("{}:{}", source.display_path, forbidden->line), forbidden->try_this});
    }
    std::string options = "-cl-std=CL1.2 -cl-kernel-arg-info";
    if (!defines.empty()) options += " " + defines.build_options();
    // Oclgrind simulates the code as written: optimised, a load whose value only a later bounds
    // check uses is moved under that check, and a read past an input would go unseen.
    if (is_oclgrind(device)) options += " -cl-opt-disable";

    cl::Program program(context, compiled.text);
    try {
        const QuietStderr quiet;
        program.build(std::vector<cl::Device>{device}, options.c_str());
    } catch (const cl::Error& error) {
        const std::string log = student_diagnostics(map_build_log(device_log(program, device), source.display_path),
                                                    source.display_path, source.text);
        const unsigned line = first_error_line(log, source.display_path);
        const std::string where = line > 0 ? fmt::format("{}:{}", source.display_path, line) : source.display_path;
        // The compiler's words and the student's quoted lines become a message here: every control
        // character in them is written out visibly, whoever prints the message (lab run, lab tune, labcheck).
        const std::string shown = printable_text(log);
        throw KernelBuildError({"a kernel that compiles as OpenCL C 1.2",
                                fmt::format("the kernel did not compile ({}):\n{}", cl_error_name(error.err()), shown),
                                where, "fix the first error first: later ones often follow from it" +
                                           opencl_2_hint(source.text)},
                               shown, line);
    }
    std::string warnings = student_diagnostics(map_build_log(device_log(program, device), source.display_path),
                                               source.display_path, source.text);
    // Only a remark about the student's own file counts; "1 warning generated." about a header does not.
    if (only_whitespace(warnings) || warnings.find(source.display_path + ":") == std::string::npos) warnings.clear();
    std::vector<std::string> left_out;
    for (const auto& directive : compiled.left_out) left_out.push_back(left_out_note(directive));
    return {program, source, defines, printable_text(warnings), left_out};
}

cl::Kernel make_kernel(const BuiltProgram& built, const std::string& name,
                       const std::vector<KernelParameter>& contract) {
    const auto names = kernel_names(built.program);
    if (std::find(names.begin(), names.end(), name) == names.end()) {
        std::string found;
        // Written out as ASCII: "transpose\u200b" must not read as the name the lab asks for.
        for (const auto& n : names) found += (found.empty() ? "" : ", ") + ascii_name(n);
        const bool empty_file = only_whitespace(built.source.text);
        throw KernelContractError({fmt::format("a kernel named {}: {}", name, signature_text(name, contract)),
                                   empty_file      ? std::string("the file is empty")
                                   : names.empty() ? std::string("the file defines no kernels")
                                                   : fmt::format("the file defines only: {}", found),
                                   built.source.display_path,
                                   empty_file ? "save your kernel into this file (an editor that was not saved, or "
                                                "an upload of the wrong file, leaves it empty)"
                                              : "keep the kernel name of the lab's contract"},
                                  KernelContractError::Kind::missing_kernel);
    }
    cl::Kernel kernel(built.program, name.c_str());
    check_parameters(kernel, built, name, contract);
    // PoCL, when compiling ahead: what this kernel's first launch would compile, and no other kernel's.
    finish_compiling(kernel, stand_in_arguments(contract));
    return kernel;
}

}  // namespace course
