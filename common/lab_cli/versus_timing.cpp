#include "versus_timing.hpp"

#include "harness/timing_spread.hpp"
#include "problems/lab_session.hpp"
#include "rate_table.hpp"
#include "util/user_error.hpp"

#include <fmt/format.h>

namespace course {

namespace {

struct Opponent {
    std::string name;
    std::unique_ptr<LabProblem> problem;
};

Opponent open_opponent(OpenedLab& lab, const Defines& defines, const std::vector<std::string>& versus) {
    if (versus.size() == 1 && versus.front() == "baseline") {
        require_versus_opponent(lab, versus);
        return {"baseline (" + lab.spec.speedup->baseline_file + ")",
                open_baseline(lab.session, lab.root, lab.spec, lab.kernels, {})};
    }
    Defines theirs = defines;
    theirs.merge(parse_defines(versus));
    return {theirs.summary(), open_lab(lab.session, lab.root, lab.spec, lab.kernels, theirs)};
}

}  // namespace

void require_versus_opponent(const OpenedLab& lab, const std::vector<std::string>& versus) {
    if (versus.size() != 1 || versus.front() != "baseline") return;
    if (!lab.spec.speedup) {
        throw UserError({"a lab with a [speedup] baseline", "lab " + lab.spec.number + " has none", lab.spec.file(),
                         "compare with other defines instead: --versus NAME=VALUE"});
    }
    require_baseline_in_course(lab.root, lab.spec);
}

bool print_versus(OpenedLab& lab, LabProblem& mine, const Defines& defines, const std::vector<std::string>& versus,
                  const ProblemSize& size, std::uint64_t seed, int repeat) {
    Opponent other = open_opponent(lab, defines, versus);
    if (!other.problem->check(size, seed).ok) {
        fmt::print("\n{} is wrong at {}: nothing to compare with (run it alone to see why)\n", other.name,
                   size_text(size, mine.size_form()));
        return false;
    }
    TimingPlan plan = repeated_plan(repeat > 0 ? repeat : 20);  // more launches than one kernel alone gets
    plan.check_seed = seed;
    const auto timings = time_interleaved(
        lab.session.queue, {mine.timed_launch(size, seed), other.problem->timed_launch(size, seed)}, plan);
    const std::string mine_name = "your kernel (" + defines.summary() + ")";
    for (std::size_t i = 0; i < timings.size(); ++i) {
        if (!timings[i].right()) {
            fmt::print("\n{} was wrong at a timed launch: {}\n", i == 0 ? mine_name : other.name, timings[i].wrong);
            return false;
        }
    }
    fmt::print("\nside by side at {}, interleaved (median of {} launches each, spread = half the middle half):\n",
               size_text(size, mine.size_form()), timings[0].repetitions);
    RateTable table(mine.rate_unit());
    table.add(mine_name, timings[0], mine.work(size));
    table.add(other.name, timings[1], other.problem->work(size));
    table.print();
    fmt::print("  {}\n", noise_verdict("your kernel", timings[0], other.name, timings[1]));
    return true;
}

}  // namespace course
