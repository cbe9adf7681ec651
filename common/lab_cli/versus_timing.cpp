#include "versus_timing.hpp"

#include "harness/kernel_source.hpp"
#include "harness/source_identifiers.hpp"
#include "harness/timing_spread.hpp"
#include "problems/lab_session.hpp"
#include "problems/problem_kinds.hpp"
#include "rate_table.hpp"
#include "util/text_escape.hpp"
#include "util/user_error.hpp"

#include <fmt/format.h>

namespace course {

namespace {

struct Opponent {
    std::string name;
    std::unique_ptr<LabProblem> problem;
};

// The defaults a kernel file is timed at at `size` (the size's own [[defines_by_size]], and the
// extension's tuned defines for a file that uses the extension), as `lab run` times the student's.
Defines timing_defaults(const LabSpec& spec, const ProblemSize& size, const std::string& source) {
    Defines defines = spec.defines_for(size);
    if (takes_extension_defines(spec, [&](const std::string& name) { return uses_identifier(source, name); })) {
        defines.merge(spec.bench_defines);
    }
    return defines;
}

// Whether two labs' kernels compute the same thing, so that their times compare: the same size form
// and rate unit (transposes with transposes, matrix products with matrix products).
bool same_computation(ProblemKind a, ProblemKind b) {
    return size_form_of(a) == size_form_of(b) && problem_kind_info(a).rate_unit == problem_kind_info(b).rate_unit;
}

LabSpec versus_lab_spec(const OpenedLab& lab, const VersusChoice& versus) {
    LabSpec other = load_lab(lab.root, versus.target, lab.spec.device_class);
    if (!same_computation(other.problem, lab.spec.problem)) {
        throw UserError({"--versus lab:NN naming a lab that computes what lab " + lab.spec.number + " computes",
                         "lab " + other.number + " (" + other.title + ") computes something else",
                         "--versus lab:" + versus.target,
                         "compare transposes (labs 01-02) with each other, matrix products (labs 03-08) with each other"});
    }
    return other;
}

KernelSource versus_file(const VersusChoice& versus) {
    return read_kernel_source(std::filesystem::absolute(versus.target), printable_text(versus.target));
}

Opponent open_opponent(OpenedLab& lab, const Defines& defines, const VersusChoice& versus, const ProblemSize& size) {
    switch (versus.kind) {
        case VersusKind::baseline:
            require_versus_opponent(lab, versus);
            return {"baseline (" + lab.spec.speedup->baseline_file + ")",
                    open_baseline(lab.session, lab.root, lab.spec, lab.kernels, {})};
        case VersusKind::file: {
            KernelSource source = versus_file(versus);
            Defines theirs = timing_defaults(lab.spec, size, source.text);
            theirs.merge(parse_defines(versus.defines));
            const std::string name = source.display_path + " (" + theirs.summary() + ")";
            return {name, open_lab(lab.session, lab.root, lab.spec, lab.kernels, std::move(source), theirs)};
        }
        case VersusKind::lab: {
            const LabSpec other = versus_lab_spec(lab, versus);
            KernelSource source = read_lab_kernel(lab.kernels, other);
            Defines theirs = timing_defaults(other, size, source.text);
            theirs.merge(parse_defines(versus.defines));
            const std::string name = "lab " + other.number + ": " + source.display_path + " (" + theirs.summary() + ")";
            return {name, open_lab(lab.session, lab.root, other, lab.kernels, std::move(source), theirs)};
        }
        case VersusKind::none:
        case VersusKind::defines: break;
    }
    Defines theirs = defines;
    theirs.merge(parse_defines(versus.defines));
    return {"your kernel (" + theirs.summary() + ")", open_lab(lab.session, lab.root, lab.spec, lab.kernels, theirs)};
}

}  // namespace

void require_versus_opponent(const OpenedLab& lab, const VersusChoice& versus) {
    if (versus.kind == VersusKind::file) (void)versus_file(versus);        // throws when it cannot be read
    if (versus.kind == VersusKind::lab) (void)versus_lab_spec(lab, versus);  // throws when it is no such lab
    if (versus.kind != VersusKind::baseline) return;
    if (!lab.spec.speedup) {
        throw UserError({"a lab with a [speedup] baseline", "lab " + lab.spec.number + " has none", lab.spec.file(),
                         "compare with other defines instead: --versus NAME=VALUE"});
    }
    require_baseline_in_course(lab.root, lab.spec);
}

bool print_versus(OpenedLab& lab, LabProblem& mine, const Defines& defines, const VersusChoice& versus,
                  const ProblemSize& size, std::uint64_t seed, int repeat) {
    Opponent other;
    try {
        other = open_opponent(lab, defines, versus, size);
    } catch (const KernelBuildError& error) {
        fmt::print("\n--versus {}: the other kernel does not build, so there is nothing to compare with:\n{}\n",
                   printable_text(versus_text(versus)), printable_text(error.what()));
        return false;
    }
    if (!other.problem->check(size, seed).ok) {
        fmt::print("\n{} is wrong at {}: nothing to compare with (run it alone to see why)\n",
                   printable_text(other.name), size_text(size, mine.size_form()));
        return false;
    }
    TimingPlan plan = repeated_plan(repeat > 0 ? repeat : 20);  // more launches than one kernel alone gets
    plan.check_seed = seed;
    const auto timings = time_interleaved(
        lab.session.queue, {mine.timed_launch(size, seed), other.problem->timed_launch(size, seed)}, plan);
    const std::string mine_name = "your kernel (" + defines.summary() + ")";
    for (std::size_t i = 0; i < timings.size(); ++i) {
        if (!timings[i].right()) {
            fmt::print("\n{} was wrong at a timed launch: {}\n", i == 0 ? mine_name : printable_text(other.name),
                       timings[i].wrong);
            return false;
        }
    }
    fmt::print("\nside by side at {}, interleaved (median of {} launches each, spread = half the middle half):\n",
               size_text(size, mine.size_form()), timings[0].repetitions);
    RateTable table(mine.rate_unit());
    table.add(mine_name, timings[0], mine.work(size));
    table.add(printable_text(other.name), timings[1], other.problem->work(size));
    table.print();
    fmt::print("  {}\n", noise_verdict("your kernel", timings[0], printable_text(other.name), timings[1]));
    return true;
}

}  // namespace course
