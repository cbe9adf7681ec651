// What every stage shares: how a worker's abnormal end is told, and the
// results of stages that did not run.
#include "stages/stages.hpp"

#include "description/lab_number.hpp"

#include "harness/compile_load.hpp"
#include "harness/kernel_source_features.hpp"
#include "problems/lab_session.hpp"

#include <fmt/format.h>

#include <csignal>

namespace labcheck {

namespace {

// What a child was doing when it had not yet opened the device: nothing of the student's yet.
constexpr const char* kOpeningDevice = "while opening the device";


// A time limit as given: "60", "2.5".
std::string limit_text(double seconds) {
    return seconds == static_cast<double>(static_cast<long>(seconds)) ? fmt::format("{}", static_cast<long>(seconds))
                                                                      : fmt::format("{:.1f}", seconds);
}

std::string with_activity(const std::string& text, const std::string& activity) {
    return activity.empty() ? text : text + " " + activity;
}

bool while_building(const std::string& activity) {
    return activity.find("building") != std::string::npos;
}

// A child stopped by RLIMIT_FSIZE: the compiler's files or the kernel's printing.
std::string file_limit_text(const UnitRun& run, const std::string& what, const std::string& activity) {
    if (while_building(activity)) {
        return with_activity(fmt::format("the OpenCL compiler wrote a file past the grader's limit of {} MiB "
                                         "({})",
                                         run.limits.file_bytes >> 20, what),
                             activity) +
               ". The source expands to something huge: look for macros that expand to other macros many "
               "times over, or a huge unrolled loop.";
    }
    return with_activity(fmt::format("the kernel's output passed the grader's limit of {} MiB ({})",
                                     run.limits.file_bytes >> 20, what),
                         activity) +
           ". A printf in a loop, or in every work-item, prints gigabytes: remove the printf calls, or "
           "print from one work-item (if (get_global_id(0) == 0)) and only a few lines.";
}

// A crash of a kernel with vector types may be a vector access at a misaligned address, not a wild index.
std::string vector_alignment_words(const UnitRun& run) {
    const auto* build = run.first<BuildEvent>();
    if (build == nullptr || build->vector_type.empty()) return {};
    return " " + course::vector_alignment_hint({build->vector_line, build->vector_type});
}

// A crash of a launch that also ran other kernels (lab 07's GEMM) may be in one of those.
std::string other_kernels_words(const UnitRun& run) {
    const auto* build = run.first<BuildEvent>();
    if (build == nullptr || build->other_kernels.empty()) return {};
    return fmt::format(" The launches also ran {}: the crash may be there.", build->other_kernels);
}

// A segmentation fault or bus error: in the compiler, or a kernel that touched memory outside its buffers.
std::string segfault_text(const UnitRun& run, const std::string& what, const std::string& activity,
                          const std::string& lab) {
    if (while_building(activity)) {
        return with_activity(fmt::format("the OpenCL compiler crashed ({})", what), activity) +
               ". Look for an unusual construct (a huge unrolled loop, a very large private array) and "
               "write it more plainly.";
    }
    const std::string vector = vector_alignment_words(run);
    return with_activity(fmt::format("the kernel crashed the OpenCL runtime ({}: memory outside every "
                                     "buffer was touched{})",
                                     what, vector.empty() ? "" : ", or a vector at a misaligned address"),
                         activity) +
           fmt::format(". This usually means a read or write far outside a buffer: check every index against the "
                       "matrix bounds.{} Oclgrind shows the line: oclgrind build/common/lab run {} --size <size>.",
                       vector, lab) +
           other_kernels_words(run);
}

// What a child's death by `signal` means, in the words of what it was doing.
std::string crash_text(const UnitRun& run, int signal, const std::string& activity, const std::string& lab) {
    const std::string what = fmt::format("signal {}, {}", signal, signal_name(signal));
    if (activity == kOpeningDevice) {
        // Nothing of the student's had been read yet: the runtime itself, or this machine.
        return fmt::format("the OpenCL runtime crashed ({}) {}, before the kernel file was read: a problem of the "
                           "grading machine, not of the kernel. The instructor can check the runtime with "
                           "`build/common/lab devices` there (a broken OpenCL installation, or a PoCL cache folder "
                           "on a full or read-only disk, are the usual causes)",
                           what, activity) + ".";
    }
    switch (signal) {
        case SIGXFSZ:
            return file_limit_text(run, what, activity);
        case SIGABRT:
            if (while_building(activity)) {
                return with_activity(fmt::format("the OpenCL compiler aborted ({})", what), activity) +
                       ". The compiler stopped on an internal error, not on an error in the usual sense: look "
                       "for an unusual construct (a huge unrolled loop, a very large private array, deep macro "
                       "expansion) and write it more plainly.";
            }
            return with_activity(fmt::format("the OpenCL runtime aborted ({})", what), activity) +
                   fmt::format(
                       ". The runtime stopped on an internal check; on a CPU device this often follows a write "
                       "outside a buffer that damaged the runtime's own memory. Oclgrind shows such a write with "
                       "its line: oclgrind build/common/lab run {} --size <size>.",
                       lab) +
                   other_kernels_words(run);
        case SIGSEGV:
        case SIGBUS:
            return segfault_text(run, what, activity, lab);
        case SIGFPE:
            return with_activity(fmt::format("the kernel stopped on an arithmetic exception ({})", what), activity) +
                   ". Look for an integer division or remainder (/ or %) by zero, e.g. by a size that can be 0 or "
                   "by get_local_size() where it is 1.";
        case SIGILL:
        case SIGTRAP:
            return with_activity(fmt::format("the kernel stopped on a trap ({})", what), activity) +
                   ". The compiler puts a trap where the code has undefined behaviour it can prove (e.g. a "
                   "read past a private array, a loop with no way out): look at the indices of private arrays.";
        case SIGKILL:
            return with_activity(fmt::format("the worker was killed from outside the grader ({})", what), activity) +
                   ". Usually the system ran out of memory: check the sizes of buffers and arrays.";
        default:
            return with_activity(fmt::format("the worker ended on {}", signal_description(signal)), activity) + ".";
    }
}

// What the last compile step that began was compiling.
CompileWhat last_compiled(const UnitRun& run) {
    const auto starts = run.all<CompileStartEvent>();
    return starts.empty() ? CompileWhat::submission : starts.back()->what;
}

// What in the submission's kernel file is large, read again from the file (the child stopped
// mid-compile and said nothing about it), with what to try; a plain sentence when it cannot be read.
std::string submission_load_text(const UnitRun& run) {
    const WorkerJob& job = run.job;
    try {
        const auto spec = course::load_lab(job.root, job.lab_folder, job.device_class);
        const auto source = course::read_lab_kernel({job.kernels_dir, job.kernels_display}, spec);
        const course::CompileLoad load = course::compile_load(source.text);
        return course::compile_load_text(load) +
               " Make what is large smaller: keep in the file only the kernels the lab launches and the functions "
               "they call, unroll a loop a few times rather than fully, and keep macros from expanding to other "
               "macros many times over.";
    } catch (const std::exception&) {
        return "Look for what makes the file large to compile: many kernels, #pragma unroll over a long loop, or "
               "macros that expand to other macros many times over.";
    }
}

// The limit a stalled step passed, on the clock it is counted on, with the wall clock's time beside a
// processor-time limit: "120 s of processor time (stopped after 376 s on the clock; ...)". A busy machine
// gives a step less of a processor, so its clock time is longer; processor time is what is counted, so
// that load never stops a right kernel, and the clock's own limit (10 times longer) ends one that waits.
std::string stalled_limit_text(const ChildOutcome& outcome) {
    const StepLimit& step = outcome.stalled_step;
    if (step.clock == StepClock::wall) return limit_text(step.seconds) + " s";
    if (outcome.stalled_on_wall_backstop) {
        return fmt::format("{} s on the clock, with less than {} s of processor time: it waited rather than ran",
                           limit_text(step.wall_backstop_seconds), limit_text(step.seconds));
    }
    return fmt::format("{} s of processor time (stopped after {:.0f} s on the clock; the clock's limit is {} s)",
                       limit_text(step.seconds), outcome.stalled_step_wall_seconds,
                       limit_text(step.wall_backstop_seconds));
}

// A compile step that passed the compile limit.
std::string compile_timeout_text(const UnitRun& run, const std::string& activity) {
    const std::string limit = stalled_limit_text(run.outcome);
    switch (last_compiled(run)) {
        case CompileWhat::first_launch:
            return with_activity(fmt::format("timed out: the first launches at the timed size did not finish within "
                                             "{}",
                                             limit),
                                 activity) +
                   ". On PoCL a kernel's first launch compiles it for its work-group size, so this is the compiler "
                   "and the kernel together: look for a loop whose condition never becomes false at this size, or "
                   "a construct that takes the compiler long (#pragma unroll over a long loop, a huge macro "
                   "expansion).";
        case CompileWhat::baseline:
            return fmt::format("the lab's speedup baseline took more than {} to compile", limit);
        case CompileWhat::submission:
            break;
    }
    return with_activity(fmt::format("timed out: your kernel took more than {} to compile (the compiler's "
                                     "processor time is counted, however busy the machine)",
                                     limit),
                         activity) +
           ". The compiler, not your kernel, ran out of time. " + submission_load_text(run);
}

// A child stopped because one step of it took too long: a launch, or a compilation.
std::string stalled_step_text(const UnitRun& run, const std::string& activity) {
    const StepLimit& step = run.outcome.stalled_step;
    if (step.kind == StepKind::compile) return compile_timeout_text(run, activity);
    const bool cpu = step.clock == StepClock::busiest_thread_cpu && !run.outcome.stalled_on_wall_backstop;
    const std::string measured = "ran for more than " + stalled_limit_text(run.outcome) +
                                 (cpu ? ": processor time is counted, so a machine busy with other work does not "
                                        "shorten it"
                                      : "");
    return with_activity("timed out: one launch of the kernel " + measured, activity) +
           ": the kernel did not finish. Look for a loop whose condition never becomes false (a counter that is "
           "not incremented, a bound that is never reached), or a loop that not every work-item leaves.";
}

// A child stopped at the whole job's limit: every step ended in time, but not the whole.
std::string job_timeout_text(const UnitRun& run, const std::string& activity) {
    return with_activity(fmt::format("timed out after {} s", limit_text(run.limits.wall_seconds)), activity) +
           (while_building(activity)
                ? ": the compiler did not finish. Look for a construct that takes it long (a huge unrolled loop, "
                  "deep macro expansion)."
                : ": every launch ended, but all of them together (compiling not counted) took longer than the "
                  "grader allows. Look for a kernel that is far slower than it needs to be at the larger sizes.");
}

// Nothing a child said counts when one of its events cannot be read: it may have crashed
// half-way through a line's fields, or be hostile.
AbnormalEnd unreadable_end(const UnitRun& run) {
    AbnormalEnd end;
    end.happened = true;
    end.grader_problem = true;
    end.text = fmt::format(
        "the grader's worker process reported something the grader cannot read: {}. No result of this run "
        "counts; run labcheck again, and if it happens again, tell the instructor (it is a fault of the "
        "grader or its install, or the kernel damaged the worker's memory).",
        run.events.unreadable);
    return end;
}

// A worker that exited by itself: normally, out of memory, or on a failure of the grader's.
AbnormalEnd exited_end(const UnitRun& run, const std::string& activity) {
    AbnormalEnd end;
    const auto& o = run.outcome;
    if (o.exit_code == kWorkerOutOfMemory) {
        end.happened = true;
        end.text =
            with_activity(fmt::format("ran out of memory (the limit is {} MiB)", run.limits.resident_bytes >> 20),
                          activity) +
            ". Check the sizes of any private or __local arrays, and that no loop allocates.";
    } else if (o.exit_code == kWorkerInternalError || o.exit_code != 0) {
        end.happened = true;
        end.grader_problem = true;
        const auto* error = run.first<ErrorEvent>();
        end.text = fmt::format("the grader's worker process failed (exit status {}){}", o.exit_code,
                               error != nullptr ? ": " + error->message : std::string());
    }
    return end;
}

}  // namespace

StageResult empty_result(const LabUnderTest& lab, Stage stage) {
    StageResult r;
    r.lab = lab.spec->number;
    r.lab_folder = lab.spec->folder;
    r.file = lab.file_display();
    r.stage = stage;
    r.max_points = stage_points(stage);
    return r;
}

std::string LabUnderTest::reproduce(const std::string& size, std::uint64_t seed,
                                    const course::Defines& defines) const {
    std::string command = fmt::format("build/common/lab run {} --size {} --seed {}", spec->number, size, seed);
    if (kernels.kind == course::KernelSetKind::solutions) {
        command += " --solution";
    } else if (kernels.kind == course::KernelSetKind::other && !kernels.staged_upload) {
        command += " --submission " + kernels.display_dir;
    }
    if (!defines.empty()) command += " " + defines.build_options();
    return command;
}

std::string unfinished_activity(const UnitRun& run) {
    const auto starts = run.all<CheckStartEvent>();
    const auto done = run.all<CheckEvent>();
    if (starts.size() > done.size()) {
        const auto& s = starts.back()->check;
        return fmt::format("while checking size {} (seed {}{}){}", s.size, s.seed, s.hidden ? ", a hidden size" : "",
                           run.job.define_set.empty() ? "" : " at define set '" + run.job.define_set + "'");
    }
    const bool built = run.first<BuildEvent>() != nullptr;
    const bool opened = run.first<DeviceEvent>() != nullptr;
    if (!built && opened) return "while building the kernel";
    if (!opened && run.job.kind != JobKind::static_analysis) return kOpeningDevice;
    if (run.job.kind == JobKind::speedup && built) return "while timing the kernel";
    return {};
}

AbnormalEnd abnormal_end(const UnitRun& run, const std::string& activity) {
    AbnormalEnd end;
    const auto& o = run.outcome;
    const std::string lab = course::lab_number(run.job.lab_folder);
    if (!run.events.unreadable.empty()) return unreadable_end(run);
    switch (o.end) {
        case ChildEnd::exited:
            end = exited_end(run, activity);
            break;
        case ChildEnd::timed_out:
            end.happened = true;
            end.text = o.stalled ? stalled_step_text(run, activity) : job_timeout_text(run, activity);
            // The course's own baseline compiling for too long is the grader's problem, not the student's.
            end.grader_problem = o.stalled && o.stalled_step.kind == StepKind::compile &&
                                 last_compiled(run) == CompileWhat::baseline;
            break;
        case ChildEnd::killed_by_signal:
            end.happened = true;
            end.text = crash_text(run, o.signal, activity, lab);
            end.grader_problem = activity == kOpeningDevice;
            break;
        case ChildEnd::over_files:
            end.happened = true;
            end.text = with_activity(fmt::format("wrote more than {} MiB of output and temporary files and was stopped",
                                                 run.limits.folder_bytes >> 20),
                                     activity) +
                       ". A printf in a loop, or in every work-item, prints gigabytes: remove the printf calls.";
            break;
        case ChildEnd::over_memory:
            end.happened = true;
            end.text = with_activity(fmt::format("used more than the memory limit of {} MiB and was stopped",
                                                 run.limits.resident_bytes >> 20),
                                     activity) +
                       ".";
            break;
        case ChildEnd::failed_to_start:
            end.happened = true;
            end.grader_problem = true;
            end.text = "the grader could not start its worker process: " + o.start_error;
            break;
    }
    return end;
}

bool build_failed(const UnitRun& run) {
    const auto* build = run.first<BuildEvent>();
    return build != nullptr && !build->ok;
}

bool build_succeeded(const UnitRun& run) {
    const auto* build = run.first<BuildEvent>();
    return build != nullptr && build->ok;
}

bool every_check_right(const UnitRun& run) {
    if (!run.ended_normally() || run.first<SetSkippedEvent>() != nullptr) return false;
    const auto results = run.all<CheckEvent>();
    return !results.empty() && results.size() == run.job.checks.size() &&
           std::all_of(results.begin(), results.end(), [](const CheckEvent* event) { return event->ok; });
}

StageResult not_run(const LabUnderTest& lab, Stage stage, const std::string& why) {
    StageResult r = empty_result(lab, stage);
    r.verdict = Verdict::fail;
    r.reason = "not run: " + why;
    return r;
}

StageResult grader_error(const LabUnderTest& lab, Stage stage, const std::string& why) {
    StageResult r = empty_result(lab, stage);
    r.verdict = Verdict::error;
    const auto newline = why.find('\n');
    r.reason = "grader error: " + why.substr(0, newline);
    r.details = why;
    return r;
}

}  // namespace labcheck
