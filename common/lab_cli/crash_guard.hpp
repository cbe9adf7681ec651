// `lab run` (and `lab tune`) runs in a child process of its own, so that a kernel that crashes the OpenCL
// runtime (a SIGSEGV from a wild or misaligned access, an abort, a division by zero) ends
// that child, not the command: the parent, which never opened OpenCL, says in words what
// happened, while doing what, and what to try, and exits with 1 (a kernel is wrong), not the
// shell's bare "Segmentation fault" (139).
//
// Why a child and not a signal handler: on a CPU device the kernel runs in the runtime's own
// threads, in the same address space as the command, and a write outside every buffer can
// damage anything there, a handler's prepared sentence included; a handler also cannot run on
// an overflowed stack. The child tells the parent what it is about to do over a pipe, one line
// per step, before it does it, so what the parent knows has already left the child's memory.
// The parent forks before any OpenCL call (no threads yet), ignores Ctrl-C while it waits (the
// child gets it and ends; the parent then exits 130), and the child dies with the parent.
#pragma once

#include "crash_report.hpp"

#include <functional>
#include <string>

namespace course {

// Runs `command` in a child process and returns its exit status. When the child is ended by a
// signal, prints what happened (the signal, the last step noted, the kernel, what it usually
// means, the commands to try) and returns 1 when the step was the kernel's (building or running
// it), 2 when it was not (opening the device), 130 for Ctrl-C. Without fork, runs `command` here.
// `name` is how the report names the command ("lab run", "lab tune"). `step_limit_seconds` (0: none):
// a step of kind running that lasts longer ends the child with a message (a kernel that hangs), status 1.
int run_guarded(const std::function<int()>& command, const std::string& name = "lab run", int step_limit_seconds = 0);

// In the child (and only there: elsewhere these do nothing), what it is about to do.
// `step`: "checking size 64×64×64 (seed 1) at define set 'cpu defaults' (-D TILE_M=64 ...)";
// `reproduce`: the `lab run` command that repeats just this step (may be empty).
void note_step(StepKind kind, const std::string& step, const std::string& reproduce);
// The kernel file being run, and what a crash in it may mean beyond a wild index
// (vector_alignment_hint, or empty).
void note_kernel(const std::string& display, const std::string& crash_hint);
// The command that runs the kernel under Oclgrind, which names the line of a bad access.
void note_oclgrind_command(const std::string& command);

}  // namespace course
