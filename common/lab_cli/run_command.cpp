// `lab run NN`: build the lab's kernel, check it at every size and every define
// set of its lab.toml (as labcheck does; a -D on the command line checks that one
// configuration instead), then time it at the first set beside the device's limits.
#include "bench/clblast_sgemm.hpp"
#include "commands.hpp"
#include "end_to_end_table.hpp"
#include "bench/copy_bandwidth.hpp"
#include "lab_opening.hpp"
#include "problems/device_fit.hpp"
#include "bench/host_sgemm.hpp"
#include "problems/lab_session.hpp"
#include "rate_table.hpp"
#include "versus_timing.hpp"
#include "harness/timing_spread.hpp"
#include "problems/repeated_check.hpp"
#include "util/text_wrap.hpp"
#include "util/user_error.hpp"

#include <fmt/format.h>

namespace course {

namespace {

// Times the kernel at `size` beside the device's limits. Returns false, saying why, when a timed
// launch's result was wrong: then no rate is shown (speed counts only for work done).
bool print_timing(ClSession& session, const std::filesystem::path& root, LabProblem& problem,
                  const std::string& kernel_name, const ProblemSize& size, std::uint64_t seed, int repeat) {
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
    if (!timing.right()) {
        fmt::print("\ntiming at {}: wrong at the timed size\n", shown);
        fmt::print("{}", wrapped(fmt::format("The kernel's result at the timed size {} was wrong (the {} timed launch, "
                                             "seed {}): {} Speed counts only for work done, so no rate is shown. "
                                             "Every timed launch starts from an output refilled with NaN and "
                                             "its result is checked.",
                                             shown, ordinal(timing.wrong_launch), seed, timing.wrong),
                                 100, 6));
        return false;
    }
    const double work = problem.work(size);
    RateTable table(unit);
    fmt::print("\ntiming at {}: median of {} launches after {} warm-ups (spread: half the middle half of them), "
               "every result checked{}\n",
               shown, timing.repetitions, plan.warmups,
               beside_copy ? "; the copies ran interleaved with it, launch by launch, between the same buffers" : "");
    if (beside_copy) {
        const CopyBandwidth& copy = both.copy;
        table.add(kernel_name, timing, work, copy.best_gbs(), "of copy bandwidth");
        if (copy.copy_kernel_seconds > 0) {
            table.add("copy kernel, same buffers (kernels/benchmarks/copy.cl)", copy.copy_kernel_seconds, copy.bytes);
        }
        table.add("clEnqueueCopyBuffer, same buffers", copy.copy_buffer_seconds, copy.bytes);
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
    return true;
}

// The define sets to check: the lab's (as labcheck checks them), or, with -D on the
// command line, the one configuration the student asked for.
std::vector<DefineSet> sets_to_check(const LabSpec& spec, const Defines& overrides) {
    if (overrides.empty()) return spec.define_sets;
    Defines defines = spec.defines;
    defines.merge(overrides);
    return {{"command line", defines}};
}

// Checks every size at one define set; the number of wrong sizes, or -1 when the kernel does not build.
int check_sizes(LabProblem& problem, const std::vector<ProblemSize>& sizes, SizeForm form, std::uint64_t seed) {
    fmt::print("\n  {:<16} result\n", form == SizeForm::m_by_k ? "size (m×k)" : "size (M×K×N)");
    int wrong = 0;
    for (const auto& size : sizes) {
        SizeVerdict verdict;
        try {
            verdict = check_twice(problem, size, seed).verdict;
        } catch (const UserError& error) {
            verdict = {size, false, error.what()};
        }
        fmt::print("  {:<16} {}\n", size_text(size, form), verdict.ok ? "ok" : "WRONG");
        if (!verdict.ok) {
            ++wrong;
            fmt::print("{}", wrapped(verdict.problem, 100, 6));
        }
    }
    return wrong;
}

// How many checks were wrong, and on PoCL what to try when a barrier under a uniform condition may be the cause.
void print_wrong_summary(const ClSession& session, int wrong, std::size_t checked, std::size_t sizes,
                         std::size_t sets) {
    fmt::print("\n{} of {} checks wrong{}. Timing is skipped until every size is right.\n", wrong, checked,
               sets > 1 ? fmt::format(" ({} sizes × {} define sets)", sizes, sets) : "");
    if (session.device.platform_name.find("Portable Computing Language") != std::string::npos) {
        // PoCL 3.1 miscomputes some correct kernels with barriers under uniform conditions (checker/README.md).
        fmt::print(
            "On PoCL: if your kernel has a barrier under a work-group-uniform condition and is right at the other "
            "define sets, run it again with POCL_WORK_GROUP_METHOD=cbs in the environment; right there means "
            "PoCL's default work-group compiler got it wrong, not you (labcheck checks this by itself).\n");
    }
}


// What checking every define set found; `timed` is the first set's kernel, the one timed.
struct SetChecks {
    std::unique_ptr<LabProblem> timed;
    int wrong = 0;
    std::size_t checked = 0;
    std::vector<std::string> skipped;  // sets the device cannot run
    bool first_failed_to_build = false;
};

// Builds the kernel at one define set and checks every size there.
void check_set(OpenedLab& lab, const RunOptions& options, const std::vector<ProblemSize>& sizes,
               const std::vector<DefineSet>& sets, std::size_t i, SetChecks& checks) {
    const DefineSet& set = sets[i];
    if (sets.size() > 1) fmt::print("\ndefine set '{}' ({} of {})\n", set.name, i + 1, sets.size());
    std::unique_ptr<LabProblem> problem;
    try {
        problem = open_lab(lab.session, lab.root, lab.spec, lab.kernels, set.defines,
                           options.reference_gemm ? GemmChoice::reference : GemmChoice::lab_kernels);
    } catch (const KernelBuildError& error) {
        fmt::print("\nbuild failed{}\n{}\n", i == 0 ? "" : " at define set '" + set.name + "'", error.what());
        checks.first_failed_to_build = i == 0;
        checks.wrong += static_cast<int>(sizes.size());
        checks.checked += sizes.size();
        return;
    }
    const BuiltProgram& built = problem->program();
    fmt::print("  defines {}\n", built.defines.empty() ? "(none)" : built.defines.summary());
    if (const std::string note = problem->setup_note(); i == 0 && !note.empty()) fmt::print("  note    {}\n", note);
    if (i == 0 && !built.build_log.empty()) fmt::print("\ncompiler messages:\n{}\n", built.build_log);
    if (const std::string limit = device_limit_problem(lab.session, lab.spec, *problem); !limit.empty()) {
        fmt::print("  skipped on this device: {}\n", limit);
        checks.skipped.push_back(set.name);
        return;
    }
    checks.wrong += check_sizes(*problem, sizes, lab.spec.size_form(), options.seed);
    checks.checked += sizes.size();
    if (i == 0) checks.timed = std::move(problem);
}

// The timing at the lab's time size (or the last --size), its end-to-end and side-by-side tables.
int time_checked_kernel(OpenedLab& lab, const RunOptions& options, const Defines& overrides,
                        const std::vector<ProblemSize>& sizes, std::unique_ptr<LabProblem> timed) {
    const LabSpec& spec = lab.spec;
    const ProblemSize time_size = options.sizes.empty() ? spec.time_size.size : sizes.back();
    if (overrides.empty() && spec.defines_for(time_size).summary() != spec.defines.summary()) {
        // This size has defaults of its own ([[defines_by_size]]): time those (every timed result is checked).
        timed = open_lab(lab.session, lab.root, spec, lab.kernels, spec.defines_for(time_size));
    }
    if (!print_timing(lab.session, lab.root, *timed, "your kernel", time_size, options.seed, options.repeat)) return 1;
    if (!options.versus.empty() && !print_versus(lab, *timed, timed->program().defines, options.versus, time_size,
                                                 options.seed, options.repeat)) {
        return 1;
    }
    if (!options.host_memory.empty()) {
        EndToEndTable end_to_end;
        end_to_end.measure("your kernel", *timed, time_size, options.host_memory, options.seed);
        end_to_end.print();
        if (!end_to_end.all_right()) return 1;
    }
    fmt::print("{}", timed->extra_report(time_size));
    return 0;
}

}  // namespace

int run_command(const CommonOptions& common, const RunOptions& options) {
    OpenedLab lab = open_lab_for_command(common, options.lab, kernel_set_name(options.solution, options.submission));
    const Defines overrides = parse_defines(options.defines);
    const LabSpec& spec = lab.spec;
    const std::vector<ProblemSize> sizes = sizes_or(options.sizes, spec.check_sizes, spec.size_form());

    require_versus_opponent(lab, options.versus);
    print_lab_header(lab);
    const auto sets = sets_to_check(spec, overrides);
    SetChecks checks;
    for (std::size_t i = 0; i < sets.size(); ++i) {
        check_set(lab, options, sizes, sets, i, checks);
        if (checks.first_failed_to_build) return 1;
    }
    if (!overrides.empty() && spec.define_sets.size() > 1) {
        fmt::print(
            "\nChecked at your -D only. Without -D, `lab run {}` checks the lab's {} define sets (lab.toml), "
            "as the grader does.\n",
            spec.number, spec.define_sets.size());
    }
    if (!checks.skipped.empty()) {
        fmt::print("\n{} define set(s) could not run on this device and were not checked.\n", checks.skipped.size());
    }
    if (checks.wrong > 0) {
        print_wrong_summary(lab.session, checks.wrong, checks.checked, sizes.size(), sets.size());
        return 1;
    }
    if (options.no_timing || !checks.timed) return 0;
    return time_checked_kernel(lab, options, overrides, sizes, std::move(checks.timed));
}

}  // namespace course
