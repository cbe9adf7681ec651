// PoCL compiles a kernel for the CPU at the kernel's first launch, once for every work-group
// size, inside that launch: on a busy machine with a cold kernel cache a check's first launch
// can take a minute of compiling before the kernel runs at all. Whoever limits the time of one
// launch (the autograder) would count that compile as the kernel running.
//
// Compiling ahead moves all of it into the build: PoCL then makes one work-group function that
// serves every work-group size (POCL_WORK_GROUP_SPECIALIZATION=0), and build_program has it
// compiled before returning (asking a program for its binaries makes PoCL compile them). For
// checking, not for timing: a function specialised to its work-group size runs faster.
#pragma once

#include <CL/opencl.hpp>

namespace course {

// From now on, every program build_program builds for PoCL is compiled for every work-group
// size before the build returns. Call it before OpenCL is first used in the process.
void compile_ahead_of_launches();

// Whether compile_ahead_of_launches was called.
bool compiling_ahead();

// A PoCL device (whose compiler works at first launch; other drivers compile when building).
bool is_pocl(const cl::Device& device);

// When compiling ahead on PoCL: compiles what `program`'s launches would (called by build_program).
void finish_compiling(const cl::Program& program, const cl::Device& device);

}  // namespace course
