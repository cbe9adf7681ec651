#include "crash_report.hpp"

#include "util/text_wrap.hpp"

#include <fmt/format.h>

#include <csignal>
#include <cstring>
#include <vector>

namespace course {

namespace {

// What a signal usually means when it ends a kernel's run.
std::string meaning_while_running(int signal, const CrashNotes& notes) {
    switch (signal) {
        case SIGSEGV:
        case SIGBUS: {
            std::string text =
                "What it usually means: the kernel read or wrote outside every buffer (an index past the end of a "
                "matrix, a wrong row length, or a work-item of the rounded-up NDRange, outside the matrix, that "
                "still loads or stores).";
            if (!notes.crash_hint.empty()) text += " " + notes.crash_hint;
            return text;
        }
        case SIGABRT:
            return "The runtime stopped on a check of its own; on a CPU device this often follows a write outside a "
                   "buffer that damaged the runtime's memory.";
        case SIGFPE:
            return "An arithmetic exception: look for an integer division or remainder (/ or %) by zero, e.g. by a "
                   "size that can be 0 or by get_local_size() where it is 1.";
        case SIGILL:
        case SIGTRAP:
            return "The compiler put a trap where the code has undefined behaviour it could prove (a read past a "
                   "private array, a loop with no way out): look at the indices of private arrays.";
        case SIGKILL:
            return "It was killed from outside the command, usually because the machine ran out of memory: check "
                   "the sizes of buffers and private or __local arrays.";
        default:
            return {};
    }
}

std::string what_to_try(const CrashNotes& notes) {
    std::string text;
    if (!notes.reproduce.empty()) text += fmt::format("`{}` repeats just this step", notes.reproduce);
    if (!notes.oclgrind.empty()) {
        text += fmt::format("{}`{}` runs the kernel under Oclgrind, which names the line of an access outside a "
                            "buffer or at a misaligned address",
                            text.empty() ? "" : "; ", notes.oclgrind);
    }
    return text.empty() ? text : "Try: " + text + ".";
}

}  // namespace

std::string signal_abbreviation(int signal) {
    switch (signal) {
        case SIGSEGV: return "SIGSEGV";
        case SIGBUS: return "SIGBUS";
        case SIGABRT: return "SIGABRT";
        case SIGFPE: return "SIGFPE";
        case SIGILL: return "SIGILL";
        case SIGTRAP: return "SIGTRAP";
        case SIGKILL: return "SIGKILL";
        case SIGTERM: return "SIGTERM";
        case SIGINT: return "SIGINT";
        default: return fmt::format("signal {}", signal);
    }
}

std::string crash_report(int signal, const CrashNotes& notes) {
    const std::string what = fmt::format("signal {}, {}: {}", signal, signal_abbreviation(signal), strsignal(signal));
    std::vector<std::string> paragraphs;
    switch (notes.kind) {
        case StepKind::opening:
            paragraphs = {fmt::format("{} stopped: the OpenCL runtime crashed ({}) while {}, before any kernel "
                                      "of yours ran, so this is not your kernel's doing.",
                                      notes.command, what, notes.step.empty() ? "starting" : notes.step),
                          "Try: `build/common/lab devices` to see that the device works, or pick another with "
                          "--device."};
            break;
        case StepKind::building:
            paragraphs = {fmt::format("{} stopped: the OpenCL compiler crashed ({}) while {}.", notes.command, what,
                                      notes.step),
                          fmt::format("The compiler failed on your file {} without an error message: look for an "
                                      "unusual construct (a huge unrolled loop, a very large private array, deep "
                                      "macro expansion) and write it more plainly.",
                                      notes.kernel),
                          what_to_try(notes)};
            break;
        case StepKind::running:
            paragraphs = {fmt::format("{} stopped: the OpenCL runtime crashed ({}) while {}, running your "
                                      "kernel {}.",
                                      notes.command, what, notes.step, notes.kernel),
                          meaning_while_running(signal, notes), what_to_try(notes)};
            break;
    }
    std::string text;
    for (const auto& paragraph : paragraphs) {
        if (!paragraph.empty()) text += "\n" + wrapped(paragraph, 100, 0);
    }
    return text;
}

int crash_exit_status(int signal, const CrashNotes& notes) {
    if (signal == SIGINT) return 130;
    return notes.kind == StepKind::opening ? 2 : 1;
}

}  // namespace course
