// `lab run NN`: build the lab's kernel, check it at every size, then time it
// beside the device's limits.
#include "clblast_sgemm.hpp"
#include "commands.hpp"
#include "copy_bandwidth.hpp"
#include "course_root.hpp"
#include "host_sgemm.hpp"
#include "lab_session.hpp"
#include "rate_table.hpp"
#include "text_wrap.hpp"
#include "user_error.hpp"

#include <fmt/format.h>

namespace course {

namespace {

Defines overrides_from(const std::vector<std::string>& texts) {
    Defines defines;
    for (const auto& text : texts) {
        const Define d = parse_define(text);
        defines.set(d.name, d.value);
    }
    return defines;
}

void print_header(const LabSpec& spec, const KernelSet& kernels, const ClSession& session) {
    fmt::print("lab {}: {}\n", spec.number, spec.title);
    fmt::print("  kernel  {}\n", kernels.display(spec.folder, spec.kernel_file));
    fmt::print("  device  {} ({})\n", session.device.label(), device_class_name(session.device.device_class));
}

// Times the kernel at `size` beside the device's limits. Returns false, saying why, when a timed
// launch's result was wrong: then no rate is shown (speed counts only for work done).
bool print_timing(ClSession& session, const std::filesystem::path& root, LabProblem& problem,
                  const std::string& kernel_name, const ProblemSize& size, std::uint64_t seed) {
    TimingPlan plan;
    plan.check_seed = seed;
    plan.stop_when_wrong = true;
    const Timing timing = time_launch(session.queue, problem.timed_launch(size, seed), plan);
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
    RateTable table(problem.rate_unit());
    fmt::print("\ntiming at {}: median of {} launches after {} warm-ups, every result checked\n", shown,
               timing.repetitions, plan.warmups);
    if (problem.rate_unit() == "GB/s") {
        const CopyBandwidth copy = measure_copy_bandwidth(session, root, static_cast<std::size_t>(work / 2));
        table.add(kernel_name, timing.median_seconds, work, copy.best_gbs(), "of copy bandwidth");
        table.add("copy kernel (kernels/benchmarks/copy.cl)", copy.copy_kernel_seconds, copy.bytes);
        table.add("clEnqueueCopyBuffer", copy.copy_buffer_seconds, copy.bytes);
    } else {
        table.add(kernel_name, timing.median_seconds, work);
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

}  // namespace

int run_command(const CommonOptions& common, const RunOptions& options) {
    const auto root = course_root(common.root);
    ClSession session = open_session(common.device);
    const Defines overrides = overrides_from(options.defines);
    const KernelSet kernels = kernel_set(root, options.solution ? "solutions" : options.submission);
    const LabSpec spec = load_lab(root, options.lab, session.device.device_class);
    const SizeForm form = size_form_of(spec.problem);
    std::vector<ProblemSize> sizes;
    for (const auto& text : options.sizes.empty() ? spec.check_sizes : options.sizes) {
        sizes.push_back(parse_problem_size(text, form));
    }

    print_header(spec, kernels, session);
    std::unique_ptr<LabProblem> problem;
    try {
        problem = open_lab(session, root, spec, kernels, overrides,
                           options.reference_gemm ? GemmChoice::reference : GemmChoice::lab_kernels);
    } catch (const KernelBuildError& error) {
        fmt::print("\nbuild failed\n{}\n", error.what());
        return 1;
    }
    const BuiltProgram& built = problem->program();
    fmt::print("  defines {}\n", built.defines.empty() ? "(none)" : built.defines.summary());
    if (const std::string note = problem->setup_note(); !note.empty()) fmt::print("  note    {}\n", note);
    if (!built.build_log.empty()) fmt::print("\ncompiler messages:\n{}\n", built.build_log);

    fmt::print("\n  {:<16} result\n", form == SizeForm::m_by_k ? "size (m×k)" : "size (M×K×N)");
    int wrong = 0;
    for (const auto& size : sizes) {
        SizeVerdict verdict;
        try {
            verdict = problem->check(size, options.seed);
        } catch (const UserError& error) {
            verdict = {size, false, error.what()};
        }
        fmt::print("  {:<16} {}\n", size_text(size, form), verdict.ok ? "ok" : "WRONG");
        if (!verdict.ok) {
            ++wrong;
            fmt::print("{}", wrapped(verdict.problem, 100, 6));
        }
    }
    if (wrong > 0) {
        fmt::print("\n{} of {} sizes wrong. Timing is skipped until every size is right.\n", wrong, sizes.size());
        return 1;
    }
    if (!options.no_timing) {
        const ProblemSize timed = options.sizes.empty() ? parse_problem_size(spec.time_size, form) : sizes.back();
        if (!print_timing(session, root, *problem, "your kernel", timed, options.seed)) return 1;
        fmt::print("{}", problem->extra_report(timed));
    }
    return 0;
}

}  // namespace course
