// The words `lab run` prints when the child running a kernel was ended by a signal
// (crash_guard.hpp): what happened, while doing what, what it usually means, what to try.
#pragma once

#include <string>

namespace course {

enum class StepKind {
    opening,   // the device, the lab: a crash here is not the kernel's
    building,  // the OpenCL compiler on the kernel file
    running,   // the kernel runs (checks, timing)
};

// What the child said last before it ended (crash_guard.hpp's note_* functions).
struct CrashNotes {
    std::string command = "lab run";  // the command that stopped ("lab tune"), set by the parent
    StepKind kind = StepKind::opening;
    std::string step;        // "checking size 64×64 (seed 1) at define set 'defaults' (-D TILE_SIZE=16)"
    std::string reproduce;   // the `lab run` command that repeats that step
    std::string kernel;      // "labs/06-matmul-register-tiles/matmul.cl"
    std::string crash_hint;  // vector_alignment_hint, or empty
    std::string oclgrind;    // the labcheck command that runs the kernel under Oclgrind
};

// "SIGSEGV", "SIGBUS", ..., or "signal 42".
std::string signal_abbreviation(int signal);

// The paragraphs printed after the child's own output, wrapped for the terminal.
std::string crash_report(int signal, const CrashNotes& notes);

// 130 for SIGINT; 1 when the step was the kernel's (building or running it); 2 otherwise.
int crash_exit_status(int signal, const CrashNotes& notes);

}  // namespace course
