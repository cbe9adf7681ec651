// `lab run NN`: build the lab's kernel, check it at every size and every define
// set of its lab.toml (as labcheck does; a -D on the command line checks that one
// configuration instead), then time it at the first set beside the device's limits.
#include "bench/clblast_sgemm.hpp"
#include "commands.hpp"
#include "crash_guard.hpp"
#include "end_to_end_table.hpp"
#include "bench/copy_bandwidth.hpp"
#include "bench/share_meaning.hpp"
#include "lab_opening.hpp"
#include "harness/compile_ahead.hpp"
#include "harness/kernel_source_features.hpp"
#include "harness/source_identifiers.hpp"
#include "problems/define_set_choice.hpp"
#include "problems/device_fit.hpp"
#include "bench/host_sgemm.hpp"
#include "problems/lab_session.hpp"
#include "rate_table.hpp"
#include "static_advice.hpp"
#include "versus_timing.hpp"
#include "harness/timing_spread.hpp"
#include "problems/repeated_check.hpp"
#include "util/text_escape.hpp"
#include "util/text_wrap.hpp"
#include "util/user_error.hpp"

#include <fmt/format.h>

#include <map>

namespace course {

namespace {

// Where a step of the run is, for its words and for the commands that repeat it.
struct StepPlace {
    std::string command;  // "build/common/lab run 06 --submission DIR": the same lab, kernels and device
    std::string set;      // "define set 'cpu defaults' (-D TILE_M=64 ...)"
    std::string defines;  // " -D ..." that checks this set alone; empty for the first of the lab's sets
};

std::string set_words(const std::string& name, const Defines& defines) {
    return fmt::format("define set '{}'{}", name, defines.empty() ? "" : " (" + defines.build_options() + ")");
}

// "64x64x64": as --size takes it (size_text writes "×").
std::string size_flag(const ProblemSize& size, SizeForm form) {
    std::string text = size_text(size, form);
    for (auto at = text.find("×"); at != std::string::npos; at = text.find("×")) text.replace(at, 2, "x");
    return text;
}

// `build/common/lab run NN` with the options that choose the same device, kernels and GEMM.
std::string lab_run_prefix(const CommonOptions& common, const RunOptions& options) {
    std::string command = "build/common/lab";
    if (!common.device.empty()) command += " --device '" + common.device + "'";
    command += " run " + options.lab;
    if (options.solution) command += " --solution";
    if (!options.submission.empty()) command += " --submission " + options.submission;
    if (options.reference_gemm) command += " --reference-gemm";
    return command;
}

// The labcheck command that runs the kernel under Oclgrind, which names the line of a bad access.
std::string oclgrind_command(const RunOptions& options) {
    std::string command = "build/checker/labcheck --lab " + options.lab + " --stage barriers";
    if (options.solution) command += " --solutions";
    if (!options.submission.empty()) command += " --submission " + options.submission;
    return command;
}

// The exit status of a timing child whose timed result PoCL computed wrong with work-group functions
// specialised to the timed size: the parent times again, compiled for every size (never a user's status).
constexpr int kRetimeCompiledAhead = 3;

enum class TimedOutcome { right, wrong, retime_compiled_ahead };

void print_wrong_timing(const Timing& timing, const std::string& shown, const std::string& timed_set,
                        std::uint64_t seed) {
    fmt::print("\ntiming at {} with {}: wrong at the timed size\n", shown, timed_set);
    fmt::print("{}", wrapped(fmt::format("The kernel's result at the timed size {} was wrong (the {} timed launch, "
                                         "seed {}): {} Speed counts only for work done, so no rate is shown. "
                                         "Every timed launch starts from an output refilled with NaN and "
                                         "its result is checked.",
                                         shown, ordinal(timing.wrong_launch), seed, timing.wrong),
                             100, 6));
}

// Times the kernel at `size` beside the device's limits. Returns `wrong`, saying why, when a timed
// launch's result was wrong: then no rate is shown (speed counts only for work done). On PoCL, with
// work-group functions specialised to the size (not compiling_ahead), it returns `retime_compiled_ahead`
// instead, saying so: the checks, compiled ahead, were right, and labcheck times such a kernel again
// compiled ahead (PoCL's specialised functions miscompute some right kernels, checker/README.md).
TimedOutcome print_timing(ClSession& session, const std::filesystem::path& root, LabProblem& problem,
                  const std::string& kernel_name, const ProblemSize& size, std::uint64_t seed, int repeat,
                  const std::string& timed_set) {
    TimingPlan plan = repeated_plan(repeat);
    plan.check_seed = seed;
    plan.stop_when_wrong = true;
    const RateUnit unit = problem.rate_unit();
    const TimedLaunch launch = problem.timed_launch(size, seed);
    const bool beside_copy = unit == RateUnit::gigabytes_per_second && launch.same_bytes.has_value();
    KernelBesideCopy both;  // bandwidth-bound: timed interleaved with a copy of the same bytes, same buffers
    if (beside_copy) {
        both = time_beside_copy(session, root, launch, plan);
    } else {
        both.kernel = time_launch(session.queue, launch, plan);
    }
    const Timing& timing = both.kernel;
    const std::string shown = size_text(size, problem.size_form());
    if (!timing.right() && is_pocl(session.device.device) && !compiling_ahead()) {
        fmt::print("\ntiming at {} with {}: PoCL's work-group function specialised to this size computed a wrong "
                   "result; timing again with one function for every size, as the checks ran (and labcheck times)\n",
                   shown, timed_set);
        return TimedOutcome::retime_compiled_ahead;
    }
    if (!timing.right()) {
        print_wrong_timing(timing, shown, timed_set, seed);
        return TimedOutcome::wrong;
    }
    const double work = problem.work(size);
    RateTable table(unit);
    std::string under_table;  // what a share means on this device, printed after the table
    fmt::print("\ntiming at {} with {}: median of {} launches after {} warm-ups (spread: half the middle half of "
               "them), every result checked{}\n",
               shown, timed_set, timing.repetitions, plan.warmups,
               beside_copy ? "; the copies ran interleaved with it, launch by launch, between the same buffers" : "");
    if (beside_copy) {
        const CopyBandwidth& copy = both.copy;
        table.add(kernel_name, timing, work, copy.best_gbs(), "of copy bandwidth");
        if (copy.copy_kernel_seconds > 0) {
            table.add("copy kernel, same buffers (kernels/benchmarks/copy.cl)", copy.copy_kernel_seconds, copy.bytes);
        }
        table.add("clEnqueueCopyBuffer, same buffers", copy.copy_buffer_seconds, copy.bytes);
        const std::string not_meaningful = share_not_meaningful(
            session.device.device_class, work / timing.median_seconds * 1e-9, copy.best_gbs(), relative_spread(timing), 0.0);
        if (!not_meaningful.empty()) under_table += fmt::format("  ({})\n", not_meaningful);
        if (session.device.device_class == DeviceClass::cpu) under_table += fmt::format("  ({})\n", cpu_share_caveat());
    } else {
        table.add(kernel_name, timing, work);
        std::string why_not;
        if (const auto clblast = clblast_sgemm_seconds(session, size, &why_not)) {
            table.add("CLBlast sgemm on this device", *clblast, work);
        } else {
            fmt::print("  (no CLBlast line: {})\n", why_not);
        }
        table.add("OpenBLAS sgemm on the host CPU", host_sgemm_seconds(size), work);
    }
    table.print();
    fmt::print("{}", under_table);
    return TimedOutcome::right;
}

// A wrong size's paragraph, or, for a failure that reads the same at every size and was said
// in full already, a line naming it and where it was said.
void print_wrong(const SizeVerdict& verdict, const std::string& shown, std::map<std::string, std::string>& said) {
    if (!verdict.repeating.empty()) {
        const auto [first, added] = said.emplace(verdict.repeating, shown);
        if (!added) {
            fmt::print("  {:<16} WRONG  {}, as at {}\n", shown, verdict.repeating, first->second);
            return;
        }
    }
    fmt::print("  {:<16} WRONG\n", shown);
    fmt::print("{}", wrapped(verdict.problem, 100, 6));
}

// Checks every size at one define set; the number of wrong sizes.
int check_sizes(LabProblem& problem, const std::vector<ProblemSize>& sizes, SizeForm form, std::uint64_t seed,
                const StepPlace& place) {
    fmt::print("\n  {:<16} result\n", form == SizeForm::m_by_k ? "size (m×k)" : "size (M×K×N)");
    int wrong = 0;
    std::map<std::string, std::string> said;  // a repeating failure -> the size it was said in full at
    for (const auto& size : sizes) {
        const std::string shown = size_text(size, form);
        note_step(StepKind::running, fmt::format("checking size {} (seed {}) at {}", shown, seed, place.set),
                  fmt::format("{} --size {} --seed {} --no-timing{}", place.command, size_flag(size, form), seed,
                              place.defines));
        SizeVerdict verdict;
        try {
            verdict = check_twice(problem, size, seed).verdict;
        } catch (const UserError& error) {
            verdict = {size, false, printable_text(error.what()), 0, {}};
        }
        if (verdict.ok) {
            fmt::print("  {:<16} ok\n", shown);
        } else {
            ++wrong;
            print_wrong(verdict, shown, said);
        }
    }
    return wrong;
}

// How many checks were wrong, and on PoCL, for a kernel with barriers, what to try when a barrier
// under a uniform condition may be the cause.
void print_wrong_summary(const ClSession& session, int wrong, std::size_t checked, std::size_t sizes,
                         std::size_t sets, bool kernel_calls_barrier) {
    fmt::print("\n{} of {} checks wrong{}. Timing is skipped until every size is right.\n", wrong, checked,
               sets > 1 ? fmt::format(" ({} sizes × {} define sets)", sizes, sets) : "");
    if (kernel_calls_barrier &&
        session.device.platform_name.find("Portable Computing Language") != std::string::npos) {
        // PoCL 3.1 miscomputes some correct kernels with barriers under uniform conditions (checker/README.md).
        fmt::print("{}", wrapped(
            "On PoCL: if your kernel has a barrier under a work-group-uniform condition and is right at the other "
            "define sets, run it again with POCL_WORK_GROUP_METHOD=cbs in the environment; right there means "
            "PoCL's default work-group compiler got it wrong, not you (labcheck checks this by itself).",
            100, 0));
    }
}


// What checking every define set found.
struct SetChecks {
    int wrong = 0;
    std::size_t checked = 0;
    std::vector<std::string> skipped;  // sets the device cannot run
    std::vector<std::string> extensions_unused;  // optional extensions' sets the kernel file does not take on
    bool first_failed_to_build = false;
    bool calls_barrier = false;  // the kernel file calls barrier()
};

// The kernel file, what a crash in it may mean, and where Oclgrind names its lines: for a crash report.
void note_built_kernel(const LabProblem& problem, const RunOptions& options) {
    const BuiltProgram& built = problem.program();
    const auto vector = first_vector_type(built.source.text);
    const std::string others = problem.other_kernels();
    note_kernel(built.source.display_path + (others.empty() ? "" : " (or " + others + ")"),
                vector ? vector_alignment_hint(*vector) : std::string());
    note_oclgrind_command(oclgrind_command(options));
}

// "define set 'small tiles' (2 of 3)", with what makes an optional extension's set checked.
void print_set_heading(const std::vector<DefineSet>& sets, std::size_t i) {
    if (sets.size() < 2) return;
    const DefineSet& set = sets[i];
    fmt::print("\ndefine set '{}' ({} of {}{})\n", set.name, i + 1, sets.size(),
               is_extension_set(set)
                   ? fmt::format("; an optional extension's: checked when the kernel file uses {}, as labcheck does",
                                 set.only_if_used)
                   : "");
}

// What the build at one define set says once, at the first set: defines, notes, compiler messages.
void print_built(const LabProblem& problem, std::size_t i) {
    const BuiltProgram& built = problem.program();
    fmt::print("  defines {}\n", built.defines.empty() ? "(none)" : built.defines.summary());
    if (i != 0) return;
    if (const std::string note = problem.setup_note(); !note.empty()) fmt::print("  note    {}\n", printable_text(note));
    for (const std::string& left_out : built.left_out) fmt::print("  note    {}\n", printable_text(left_out));
    if (!built.build_log.empty()) fmt::print("\ncompiler messages:\n{}\n", built.build_log);
}

// Builds the kernel at one define set and checks every size there. An optional extension's set that
// the kernel file does not use is neither built nor checked (problems/define_set_choice.hpp).
void check_set(OpenedLab& lab, const RunOptions& options, const std::vector<ProblemSize>& sizes,
               const std::vector<DefineSet>& sets, std::size_t i, const std::string& command, SetChecks& checks) {
    const DefineSet& set = sets[i];
    print_set_heading(sets, i);
    KernelSource source = read_lab_kernel(lab.kernels, lab.spec);
    if (const std::string unused = unused_extension(set, source.text); !unused.empty()) {
        fmt::print("  not checked: {}\n", unused);
        checks.extensions_unused.push_back(set.name);
        return;
    }
    // The first of the lab's sets is the one `lab run NN` checks first; any other needs its -D.
    const bool lab_first = i == 0 && set.name != "command line";
    const StepPlace place{command, set_words(set.name, set.defines), lab_first ? "" : " " + set.defines.build_options()};
    note_step(StepKind::building, "building the kernel at " + place.set, command + " --no-timing" + place.defines);
    std::unique_ptr<LabProblem> problem;
    try {
        problem = open_lab(lab.session, lab.root, lab.spec, lab.kernels, std::move(source), set.defines,
                           options.reference_gemm ? EarlierLabKernels::course : EarlierLabKernels::same_set);
    } catch (const KernelBuildError& error) {
        fmt::print("\nbuild failed{}\n{}\n", i == 0 ? "" : " at define set '" + set.name + "'",
                   printable_text(error.what()));
        checks.first_failed_to_build = i == 0;
        checks.wrong += static_cast<int>(sizes.size());
        checks.checked += sizes.size();
        return;
    }
    note_built_kernel(*problem, options);
    checks.calls_barrier = checks.calls_barrier || calls_barrier(problem->program().source.text);
    print_built(*problem, i);
    if (const std::string limit = device_limit_problem(lab.session, lab.spec, *problem); !limit.empty()) {
        fmt::print("  skipped on this device: {}\n", limit);
        checks.skipped.push_back(set.name);
        return;
    }
    checks.wrong += check_sizes(*problem, sizes, lab.spec.size_form(), options.seed, place);
    checks.checked += sizes.size();
}

// The timing at the lab's time size (or the last --size), its end-to-end and side-by-side tables.
// `first`: the set the kernel was checked at first, the one timed (unless the time size has defaults of its own).
int time_checked_kernel(OpenedLab& lab, const RunOptions& options, const Defines& overrides,
                        const std::vector<ProblemSize>& sizes, std::unique_ptr<LabProblem> timed,
                        const DefineSet& first, const std::string& command) {
    const LabSpec& spec = lab.spec;
    const ProblemSize time_size = options.sizes.empty() ? spec.time_size.size : sizes.back();
    std::string timed_set = set_words(first.name, first.defines);
    if (overrides.empty() && spec.defines_for(time_size).summary() != spec.defines.summary()) {
        // This size has defaults of its own ([[defines_by_size]]): time those (every timed result is checked).
        timed = open_lab(lab.session, lab.root, spec, lab.kernels, spec.defines_for(time_size));
        timed_set = "the defaults for this size (" + spec.defines_for(time_size).build_options() + ")";
    }
    if (overrides.empty() && takes_extension_defines(spec, [&](const std::string& name) {
                                 return uses_identifier(timed->program().source.text, name);
                             })) {
        // The kernel has the lab's extension: time it where the solution is timed (its tuned defines).
        Defines extension = spec.defines_for(time_size);
        extension.merge(spec.bench_defines);
        try {
            timed = open_lab(lab.session, lab.root, spec, lab.kernels, extension);
            timed_set = "the extension's defines for this device (" + extension.build_options() + ")";
        } catch (const KernelBuildError& error) {
            fmt::print("\nnote: your kernel has the lab's extension but does not build at its defines for this device "
                       "({}), so it is timed at {}:\n{}\n",
                       extension.build_options(), timed_set, printable_text(error.what()));
        }
    }
    const std::string shown = size_text(time_size, spec.size_form());
    const std::string again = fmt::format("{} --size {}{}", command, size_flag(time_size, spec.size_form()),
                                          overrides.empty() ? "" : " " + overrides.build_options());
    note_step(StepKind::running, fmt::format("timing at size {} with {}", shown, timed_set), again);
    const TimedOutcome outcome =
        print_timing(lab.session, lab.root, *timed, "your kernel", time_size, options.seed, options.repeat, timed_set);
    if (outcome == TimedOutcome::retime_compiled_ahead) return kRetimeCompiledAhead;
    if (outcome == TimedOutcome::wrong) return 1;
    if (!options.versus.empty()) {
        note_step(StepKind::running, fmt::format("timing at size {} beside --versus", shown), again);
        if (!print_versus(lab, *timed, timed->program().defines, options.versus, time_size, options.seed,
                          options.repeat)) {
            return 1;
        }
    }
    if (!options.host_memory.empty()) {
        note_step(StepKind::running, fmt::format("timing at size {} end to end (--host-memory)", shown), again);
        EndToEndTable end_to_end;
        end_to_end.measure("your kernel", *timed, time_size, options.host_memory, options.seed);
        end_to_end.print();
        if (!end_to_end.all_right()) return 1;
    }
    note_step(StepKind::running, fmt::format("running the report after the timing at size {}", shown), again);
    fmt::print("{}", timed->extra_report(time_size));
    return 0;
}

// What checking every set came to, with what labcheck's barrier analysis finds in the file: the likely
// cause of wrong results (an early `return` before the tile loop, not the store it guards), and
// what its barriers stage would take points for. Returns whether every check was right.
bool report_checks(OpenedLab& lab, const std::vector<DefineSet>& sets, const Defines& overrides, std::size_t sizes,
                   const SetChecks& checks) {
    const LabSpec& spec = lab.spec;
    if (!overrides.empty() && spec.define_sets.size() > 1) {
        fmt::print(
            "\nChecked at your -D only. Without -D, `lab run {}` checks the lab's {} define sets (lab.toml), "
            "as the grader does.\n",
            spec.number, spec.define_sets.size());
    }
    if (!checks.skipped.empty()) {
        fmt::print("\n{} define set(s) could not run on this device and were not checked.\n", checks.skipped.size());
    }
    if (!checks.extensions_unused.empty()) {
        fmt::print("\n{} of the lab's {} define sets belong to optional extensions your kernel file does not use, "
                   "and were not checked (labcheck does not grade them either).\n",
                   checks.extensions_unused.size(), sets.size());
    }
    // libclang reads the file: a crash there is not the kernel's running (said as the build's).
    note_step(StepKind::building, "reading the kernel file with labcheck's static barrier analysis", "");
    const auto errors = static_errors(read_lab_kernel(lab.kernels, spec), sets.front().defines);
    if (checks.wrong > 0) {
        const std::size_t sets_checked = sets.size() - checks.extensions_unused.size() - checks.skipped.size();
        print_wrong_summary(lab.session, checks.wrong, checks.checked, sizes, sets_checked, checks.calls_barrier);
        print_static_errors(errors, "labcheck's barrier analysis finds this in your kernel file; it is the likely cause "
                                    "of the wrong results above (and labcheck's barriers stage takes points for it):");
        return false;
    }
    print_static_errors(errors, "Right at every size checked here, but labcheck's barrier analysis finds this in your "
                                "kernel file (its barriers stage takes points for it, and on a GPU it gives wrong "
                                "results or hangs):");
    return true;
}

// The checks, in the child process crash_guard runs them in: compiled as labcheck's worker compiles
// its checks (compile_ahead.hpp: on PoCL one work-group function for every size), so that a right
// kernel that PoCL's size-specialised functions miscompute is right here too, as in the grader.
int check_child(const CommonOptions& common, const RunOptions& options) {
    compile_ahead_of_launches();
    note_step(StepKind::opening, fmt::format("opening the device and lab {}", options.lab), "");
    OpenedLab lab = open_lab_for_command(common, options.lab, kernel_set_name(options.solution, options.submission));
    const Defines overrides = parse_defines(options.defines);
    const LabSpec& spec = lab.spec;
    const std::vector<ProblemSize> sizes = sizes_or(options.sizes, spec.check_sizes, spec.size_form());
    const std::string command = lab_run_prefix(common, options);

    require_versus_opponent(lab, options.versus);
    print_lab_header(lab);
    const auto sets = checked_define_sets(spec, overrides);
    SetChecks checks;
    for (std::size_t i = 0; i < sets.size(); ++i) {
        check_set(lab, options, sizes, sets, i, command, checks);
        if (checks.first_failed_to_build) return 1;
    }
    return report_checks(lab, sets, overrides, sizes.size(), checks) ? 0 : 1;
}

// The timing of a kernel every check found right, in a child process of its own: as labcheck times
// (work-group functions specialised to the size, the faster ones), or, with `ahead`, compiled as the
// checks were, when PoCL's specialised functions got the timed result wrong.
int timing_child(const CommonOptions& common, const RunOptions& options, bool ahead) {
    if (ahead) compile_ahead_of_launches();
    note_step(StepKind::opening, fmt::format("opening the device and lab {} for the timing", options.lab), "");
    OpenedLab lab = open_lab_for_command(common, options.lab, kernel_set_name(options.solution, options.submission));
    const Defines overrides = parse_defines(options.defines);
    const std::vector<ProblemSize> sizes = sizes_or(options.sizes, lab.spec.check_sizes, lab.spec.size_form());
    const DefineSet first = checked_define_sets(lab.spec, overrides).front();
    const std::string command = lab_run_prefix(common, options);
    note_step(StepKind::building, "building the kernel for the timing at " + set_words(first.name, first.defines),
              command);
    std::unique_ptr<LabProblem> timed =
        open_lab(lab.session, lab.root, lab.spec, lab.kernels, first.defines,
                 options.reference_gemm ? EarlierLabKernels::course : EarlierLabKernels::same_set);
    note_built_kernel(*timed, options);
    if (!device_limit_problem(lab.session, lab.spec, *timed).empty()) return 0;  // said by the checks
    return time_checked_kernel(lab, options, overrides, sizes, std::move(timed), first, command);
}

}  // namespace

int run_command(const CommonOptions& common, const RunOptions& options) {
    const int step_limit = options.step_limit >= 0 ? options.step_limit : options.no_timing ? kNoTimingStepLimit : 0;
    const int checked =
        run_guarded([&] { return report_errors([&] { return check_child(common, options); }); }, "lab run", step_limit);
    if (checked != 0 || options.no_timing) return checked;
    const auto timing = [&](bool ahead) {
        return run_guarded([&] { return report_errors([&] { return timing_child(common, options, ahead); }); },
                           "lab run", step_limit);
    };
    const int timed = timing(false);
    return timed == kRetimeCompiledAhead ? timing(true) : timed;
}

}  // namespace course
