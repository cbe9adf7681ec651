// PoCL compiles a kernel for the CPU at the kernel's first launch, once for every work-group
// size, inside that launch: on a busy machine with a cold kernel cache a check's first launch
// can take a minute of compiling before the kernel runs at all. Whoever limits the time of one
// launch (the autograder) would count that compile as the kernel running.
//
// Compiling ahead moves that compile to where the kernel is made: PoCL then makes one work-group
// function that serves every work-group size (POCL_WORK_GROUP_SPECIALIZATION=0), and make_kernel
// has it compiled for the kernels it makes, and only those, by a launch of no work-items at all
// (OpenCL 3.0 lets a launch have a global size of 0; PoCL compiles the kernel for it and runs
// nothing). A file's other kernels are never compiled for the device: a file of ten thousand
// unused kernels costs the front end's parse of them, nothing more. (Asking the program for its
// binaries would compile every kernel in it: minutes for such a file, on a cold cache.)
// For checking, not for timing: a function specialised to its work-group size runs faster.
#pragma once

#include <CL/opencl.hpp>

#include <cstddef>
#include <vector>

namespace course {

// From now on, every kernel make_kernel makes for PoCL is compiled for every work-group size
// before make_kernel returns. Call it before OpenCL is first used in the process.
void compile_ahead_of_launches();

// Whether compile_ahead_of_launches was called.
bool compiling_ahead();

// A PoCL device (whose compiler works at first launch; other drivers compile when building).
bool is_pocl(const cl::Device& device);

// What the launch that compiles a kernel passes for one of its parameters (a launch needs every
// argument set, though no work-item reads one): a small buffer, a 1 x 1 image the kernel reads,
// or zero bytes of a scalar's size.
struct StandInArgument {
    enum class Kind { buffer, read_only_image, scalar };
    Kind kind = Kind::buffer;
    std::size_t scalar_bytes = 0;  // for a scalar
};

// When compiling ahead on PoCL: compiles what `kernel`'s first launch would (called by
// make_kernel, with one stand-in per parameter). The stand-ins are released when it returns:
// whoever launches the kernel sets every argument first, as it had to before. When the device
// refuses the launch of no work-items, nothing is compiled ahead: the first launch compiles, as
// without compiling ahead.
void finish_compiling(cl::Kernel& kernel, const std::vector<StandInArgument>& arguments);

}  // namespace course
