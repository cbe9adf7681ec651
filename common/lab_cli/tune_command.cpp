// `lab tune NN`: build the lab's kernel with every combination of the define
// values its lab.toml lists under [tune], skip those the device cannot build,
// launch or get right (saying why), time the rest, time the best few again
// side by side, and print them ranked with the lab.toml lines that make the
// winner the default.
#include "bench/bench_report.hpp"
#include "commands.hpp"
#include "crash_guard.hpp"
#include "harness/kernel_source_features.hpp"
#include "harness/timing_spread.hpp"
#include "lab_opening.hpp"
#include "util/duration_text.hpp"
#include "problems/lab_session.hpp"
#include "rate_table.hpp"
#include "tune/tune_space.hpp"
#include "tune/tune_trial.hpp"
#include "util/atomic_file.hpp"
#include "util/user_error.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>

namespace course {

namespace {

// Each configuration of the sweep is timed briefly; the final round times the best again, longer.
TimingPlan sweep_plan() {
    TimingPlan plan;
    plan.warmups = 1;
    plan.min_repetitions = 3;
    plan.max_repetitions = 20;
    plan.min_total_seconds = 0.2;
    return plan;
}

struct Measured {
    TuneResult result;
    std::unique_ptr<LabProblem> problem;  // kept for the final round
    int repetitions = 0;
    Timing timing;  // its launches' median and spread
};

struct Skipped {
    Defines defines;
    std::string why;
};

// "TILE_SIZE=32 THREAD_WORK=8": the swept defines only, in the space's order.
std::string swept_text(const TuneSpace& space, const Defines& defines) {
    std::string text;
    for (const auto& axis : space.axes) {
        if (!text.empty()) text += ' ';
        text += axis.name + "=" + defines.get(axis.name).value_or("?");
    }
    return text;
}

std::string space_text(const TuneSpace& space) {
    std::string text;
    for (const auto& axis : space.axes) {
        if (!text.empty()) text += " · ";
        text += axis.name + ":";
        for (const auto& v : axis.values) text += " " + v;
    }
    return text;
}

// The lab's defines that the sweep leaves alone.
std::string fixed_text(const Defines& lab_defines, const TuneSpace& space) {
    std::string text;
    for (const auto& d : lab_defines.items()) {
        const bool swept =
            std::any_of(space.axes.begin(), space.axes.end(), [&](const TuneAxis& a) { return a.name == d.name; });
        if (!swept) text += (text.empty() ? "" : " ") + d.name + "=" + d.value;
    }
    return text;
}

// A rough duration for progress estimates: "40 s", "2.5 min".
std::string estimate_text(double seconds) {
    return seconds < 90.0 ? fmt::format("{:.0f} s", seconds) : fmt::format("{:.1f} min", seconds / 60.0);
}

void print_ranked(const TuneSpace& space, const std::vector<Measured>& measured, std::size_t top,
                  const std::string& unit) {
    std::string header = fmt::format("  {:>4}", "rank");
    for (const auto& axis : space.axes) header += fmt::format("  {}", axis.name);
    fmt::print("{}  {:>10} {:>6}  {:>9}  {:>7}\n", header, "median", "spread", unit, "of best");
    const double best = measured.front().result.rate;
    std::size_t tied = 0;  // how many after the best are within its noise
    for (std::size_t r = 0; r < measured.size() && r < top; ++r) {
        const auto& m = measured[r];
        std::string row = fmt::format("  {:>4}", r + 1);
        for (const auto& axis : space.axes) {
            row += fmt::format("  {:>{}}", m.result.defines.get(axis.name).value_or("?"), axis.name.size());
        }
        const bool tie = r > 0 && within_noise(m.timing, measured.front().timing);
        tied += tie;
        fmt::print("{}  {:>10} {:>6}  {:>9.1f}  {:>6.0f}%{}\n", row, duration_text(m.result.seconds),
                   spread_text(m.timing), m.result.rate, 100.0 * m.result.rate / best, tie ? "  ~ best" : "");
    }
    if (tied > 0) {
        fmt::print("  ~ best: the middle half of its launches overlaps the best's: the difference is below the noise "
                   "on this device (time more with --repeat 50)\n");
    }
    if (measured.size() > top) fmt::print("  ... {} more (--top 0 shows all)\n", measured.size() - top);
}

// The skipped configurations, grouped by reason, in the order the reasons first came up.
void print_skipped(const TuneSpace& space, const std::vector<Skipped>& skipped) {
    if (skipped.empty()) return;
    fmt::print("\nskipped ({} of them):\n", skipped.size());
    std::vector<std::string> reasons;
    for (const auto& s : skipped) {
        if (std::find(reasons.begin(), reasons.end(), s.why) == reasons.end()) reasons.push_back(s.why);
    }
    for (const auto& why : reasons) {
        fmt::print("  {}:\n", why);
        for (const auto& s : skipped) {
            if (s.why == why) fmt::print("      {}\n", swept_text(space, s.defines));
        }
    }
}

// How `lab run` names the kernel set this sweep used: "", " --solution" or " --submission DIR".
std::string kernel_set_flag(const TuneOptions& options) {
    if (options.solution) return " --solution";
    return options.submission.empty() ? std::string() : " --submission " + options.submission;
}

bool faster(const Measured& x, const Measured& y) {
    return x.result.seconds < y.result.seconds;
}

// Times the best `count` (measured is sorted) again, interleaved and for longer,
// so that they are compared under the same machine state. Returns them in their
// new order; empty when fewer than two were measured.
std::vector<Measured> final_round(ClSession& session, const std::vector<Measured>& measured, std::size_t count,
                                  const ProblemSize& timed, std::uint64_t seed, int repeat) {
    count = std::min(count, measured.size());
    if (count < 2) return {};
    std::vector<TimedLaunch> launches;
    for (std::size_t i = 0; i < count; ++i) launches.push_back(measured[i].problem->timed_launch(timed, seed));
    TimingPlan plan = repeated_plan(repeat);
    plan.check_seed = seed;
    // Each was checked and timed already; a crash now is one of these, interleaved.
    std::string which;
    for (std::size_t i = 0; i < count; ++i) which += (i == 0 ? "" : ", ") + measured[i].result.defines.summary();
    note_step(StepKind::running, fmt::format("timing the best {} again, interleaved ({})", count, which), "");
    note_oclgrind_command("");  // the last configuration's command would name the wrong one
    const auto timings = time_interleaved(session.queue, launches, plan);
    std::vector<Measured> round;
    for (std::size_t i = 0; i < count; ++i) {
        if (!timings[i].right()) {  // not ranked: speed counts only for work done
            fmt::print("\n{}: wrong at the timed size in the final round ({} timed launch), left out: {}\n",
                       measured[i].result.defines.summary(), ordinal(timings[i].wrong_launch), timings[i].wrong);
            continue;
        }
        const double work = measured[i].problem->work(timed);
        round.push_back(
            {{measured[i].result.defines, timings[i].median_seconds, work / timings[i].median_seconds * 1e-9},
             nullptr,
             timings[i].repetitions,
             timings[i]});
    }
    if (round.empty()) return round;
    std::stable_sort(round.begin(), round.end(), faster);
    fmt::print("\nfinal round: the best {} timed again, interleaved (median of {} launches each):\n", round.size(),
               round.front().repetitions);
    return round;
}

// What the sweep runs over: the lab opened on its device, the define space, and the sizes.
struct TuneSetup {
    OpenedLab lab;
    TuneSpace space;
    std::vector<Defines> configurations;
    std::vector<ProblemSize> check_sizes;
    ProblemSize timed;
    std::string run_command;       // "build/common/lab run 06 --solution": one configuration, after its -D
    std::string labcheck_command;  // "build/checker/labcheck --lab 06 --stage barriers --solutions": the same under Oclgrind
};

// " -D TILE_SIZE=32": one configuration's swept defines as options.
std::string config_flags(const TuneSetup& setup, const Defines& config) {
    std::string flags;
    for (const auto& axis : setup.space.axes) flags += fmt::format(" -D {}={}", axis.name, config.get(axis.name).value_or("?"));
    return flags;
}

// A crash report's commands for one configuration: it checked alone, and under Oclgrind.
void note_configuration(const TuneSetup& setup, const Defines& config, StepKind kind, const std::string& step) {
    note_step(kind, step, setup.run_command + config_flags(setup, config) + " --no-timing");
    note_oclgrind_command(setup.labcheck_command + config_flags(setup, config));
}

TuneSetup prepare_tuning(const CommonOptions& common, const TuneOptions& options) {
    OpenedLab lab = open_lab_for_command(common, options.lab, kernel_set_name(options.solution, options.submission));
    const LabSpec& spec = lab.spec;
    // A missing or unreadable kernel file is one error, not one skip per configuration.
    const KernelSource source = read_kernel_source(lab.kernels.file(spec.folder, spec.kernel_file),
                                                   lab.kernels.display(spec.folder, spec.kernel_file));
    // A configuration that crashes the runtime (a float4 access the tile sizes misalign) is said in words.
    const auto vector = first_vector_type(source.text);
    note_kernel(source.display_path, vector ? vector_alignment_hint(*vector) : std::string());
    TuneSpace space = read_tune_space(spec.settings, spec.device_class, spec.file());
    for (const auto& text : options.values) replace_candidates(space, text);
    const Defines pinned = parse_defines(options.defines);
    for (const auto& d : pinned.items()) pin(space, d);
    require_axes(space, spec.file());
    auto configurations = combinations(space);
    std::vector<ProblemSize> check_sizes = sizes_or({}, spec.check_sizes, spec.size_form());
    const ProblemSize timed =
        options.size.empty() ? spec.time_size.size : parse_problem_size(options.size, spec.size_form());
    std::string run_command = "build/common/lab";
    if (!common.device.empty()) run_command += " --device '" + common.device + "'";
    run_command += " run " + spec.number + kernel_set_flag(options);
    std::string labcheck_command = "build/checker/labcheck --lab " + spec.number + " --stage barriers";
    if (options.solution) labcheck_command += " --solutions";
    if (!options.submission.empty()) labcheck_command += " --submission " + options.submission;
    return {std::move(lab), std::move(space), std::move(configurations), std::move(check_sizes), timed,
            std::move(run_command), std::move(labcheck_command)};
}

void print_tune_header(const TuneSetup& setup) {
    const LabSpec& spec = setup.lab.spec;
    print_lab_header(setup.lab, " (tuning)");
    const bool class_table = spec.settings[device_class_key(spec.device_class)]["tune"].as_table() != nullptr;
    fmt::print("  space   {}  ({} configurations; [tune]{} in {})\n", space_text(setup.space),
               setup.configurations.size(),
               class_table ? fmt::format(" and [{}.tune]", device_class_key(spec.device_class)) : std::string(),
               spec.file());
    if (const std::string fixed = fixed_text(spec.defines, setup.space); !fixed.empty()) {
        fmt::print("  fixed   {}\n", fixed);
    }
    fmt::print("  each one is built, checked at the lab's {} check sizes, and timed at {}\n\n",
               setup.check_sizes.size(), size_text(setup.timed, spec.size_form()));
}

struct Sweep {
    std::vector<Measured> measured;
    std::vector<Skipped> skipped;
};

// Builds, checks and times one configuration; what its line says after the label.
std::string try_configuration(TuneSetup& setup, const Defines& config, std::uint64_t seed, Sweep& sweep) {
    OpenedLab& lab = setup.lab;
    const std::string label = swept_text(setup.space, config);
    note_configuration(setup, config, StepKind::building, "building " + label);
    Trial trial = prepare_trial(lab.session, lab.root, lab.spec, lab.kernels, config, setup.check_sizes,
                                setup.timed, seed, [&] {
                                    note_configuration(setup, config, StepKind::running,
                                                       "checking " + label + " at the lab's check sizes");
                                });
    if (trial.problem) {
        try {
            TimingPlan plan = sweep_plan();
            plan.check_seed = seed;
            plan.stop_when_wrong = true;
            note_configuration(setup, config, StepKind::running,
                               fmt::format("timing {} at {}", label, size_text(setup.timed, lab.spec.size_form())));
            const Timing timing = time_launch(lab.session.queue, trial.problem->timed_launch(setup.timed, seed), plan);
            if (timing.right()) {
                const double rate = trial.problem->work(setup.timed) / timing.median_seconds * 1e-9;
                Defines full = lab.spec.defines;
                full.merge(config);
                const std::string outcome = fmt::format("{:>10}  {:>8.1f} {}", duration_text(timing.median_seconds),
                                                        rate, rate_unit_text(trial.problem->rate_unit()));
                sweep.measured.push_back(
                    {{full, timing.median_seconds, rate}, std::move(trial.problem), timing.repetitions, timing});
                return outcome;
            }
            // Not ranked: speed counts only for work done.
            trial.skipped = fmt::format("wrong at the timed size {} ({} timed launch): {}",
                                        size_text(setup.timed, lab.spec.size_form()), ordinal(timing.wrong_launch),
                                        timing.wrong.substr(0, timing.wrong.find(". ") + 1));
        } catch (const UserError& error) {
            trial.skipped = "timing failed: " + error.parts().happened;
        }
    }
    sweep.skipped.push_back({config, trial.skipped});
    return "skipped: " + trial.skipped;
}

// Every configuration in turn, one line each, with one estimate of the time left.
Sweep run_sweep(TuneSetup& setup, std::uint64_t seed) {
    Sweep sweep;
    const auto& configurations = setup.configurations;
    bool estimated = false;
    const int width = static_cast<int>(std::to_string(configurations.size()).size());
    std::size_t label_width = 0;
    for (const auto& config : configurations) label_width = std::max(label_width, swept_text(setup.space, config).size());
    for (std::size_t i = 0; i < configurations.size(); ++i) {
        const auto config_started = std::chrono::steady_clock::now();
        const std::size_t skipped_before = sweep.skipped.size();
        const std::string outcome = try_configuration(setup, configurations[i], seed, sweep);
        const double took = std::chrono::duration<double>(std::chrono::steady_clock::now() - config_started).count();
        fmt::print("  [{:>{}}/{}] {:<{}}  {}\n", i + 1, width, configurations.size(),
                   swept_text(setup.space, configurations[i]), label_width, outcome);
        // One estimate, after the first configuration that was built and timed.
        if (!estimated && sweep.skipped.size() == skipped_before && i + 1 < configurations.size()) {
            estimated = true;
            fmt::print("          (that took {:.1f} s; expect at most about {} for the other {})\n", took,
                       estimate_text(took * static_cast<double>(configurations.size() - i - 1)),
                       configurations.size() - i - 1);
        }
        std::fflush(stdout);
    }
    return sweep;
}

int report_nothing_ranked(const LabSpec& spec, const std::vector<Skipped>& skipped, const TuneOptions& options) {
    const bool any_wrong =
        std::any_of(skipped.begin(), skipped.end(), [](const Skipped& s) { return s.why.rfind("wrong", 0) == 0; });
    fmt::print(
        "\nNo configuration built, ran and gave the right result (at the check sizes and at the timed size), so "
        "none is ranked.\n");
    if (any_wrong) {
        fmt::print("  try: `lab run {}{}` to see what is wrong with the kernel at its default defines\n", spec.number,
                   kernel_set_flag(options));
    } else {
        fmt::print("  try: other candidates (--values NAME=V1,V2,...) that the geometry and the device allow\n");
    }
    return 1;
}

// The winner, the lab.toml lines that make it the default, and the command that runs it once.
void print_best(const TuneSetup& setup, const TuneResult& best, const std::string& unit, double total_seconds,
                const TuneOptions& options) {
    const LabSpec& spec = setup.lab.spec;
    fmt::print("\nbest on this device: {} ({:.1f} {} at {}); the sweep took {}.\n", swept_text(setup.space, best.defines),
               best.rate, unit, size_text(setup.timed, spec.size_form()), estimate_text(total_seconds));
    std::string snippet = defaults_snippet(spec.device_class, setup.space, best.defines);
    snippet.pop_back();  // the final newline
    fmt::print("To make it the default on {} devices, make this the [{}.defines] table of {}:\n{}\n",
               device_class_name(spec.device_class), device_class_key(spec.device_class), spec.file(),
               indented(snippet, 4));
    std::string flags;
    for (const auto& axis : setup.space.axes)
        flags += fmt::format(" -D {}={}", axis.name, best.defines.get(axis.name).value_or("?"));
    fmt::print("\nor try it once: lab run {}{}{}\n", spec.number, kernel_set_flag(options), flags);
}

// `--save`: the winner's swept (and -D) values as this device's entry in the lab's tuned.toml; for
// the sizes up to the one timed when --size named another than the lab's time size.
void save_best(const TuneSetup& setup, const TuneResult& best, const std::string& unit, const TuneOptions& options) {
    const LabSpec& spec = setup.lab.spec;
    TunedEntry entry;
    entry.device = device_identity(setup.lab.session.device);
    for (const auto& axis : setup.space.axes) entry.defines.set(axis.name, best.defines.get(axis.name).value_or("?"));
    const std::size_t largest = std::max({setup.timed.m, setup.timed.k, setup.timed.n});
    const ProblemSize& lab_time = spec.time_size.size;
    if (!options.size.empty() && largest < std::max({lab_time.m, lab_time.k, lab_time.n})) entry.up_to = largest;
    entry.solution_only = names_extension(spec, entry.defines);
    entry.measured = fmt::format("{:.1f} {} at {} (lab tune {}{}, {})", best.rate, unit,
                                 size_text(setup.timed, spec.size_form()), spec.number, kernel_set_flag(options),
                                 utc_timestamp().substr(0, 10));
    const std::string display = "labs/" + spec.folder + "/tuned.toml";
    const auto path = tuned_file_path(setup.lab.root, spec.folder);
    TunedDefaults tuned = read_tuned_defaults(path, display);
    save_entry(tuned, entry);
    write_file_atomically(path, tuned_defaults_text(tuned, spec.number));
    const std::string who = entry.solution_only
                                ? "the solution's `lab bench` and `lab run` of a kernel with the extension use it on this "
                                  "device (it sets an extension's define; labcheck's timing keeps the lab's defaults)"
                                : "`lab run`, `lab bench` and labcheck's timing use it on this device";
    fmt::print("\nsaved to {} for {} (driver {}){}: {}.\n", display, entry.device.name, entry.device.driver,
               entry.up_to ? fmt::format(", sizes up to {}", *entry.up_to) : std::string(), who);
}

// The whole command, in the child process crash_guard runs it in.
int tune_checked(const CommonOptions& common, const TuneOptions& options) {
    note_step(StepKind::opening, fmt::format("opening the device and lab {}", options.lab), "");
    TuneSetup setup = prepare_tuning(common, options);
    print_tune_header(setup);
    const auto started = std::chrono::steady_clock::now();
    Sweep sweep = run_sweep(setup, options.seed);
    if (sweep.measured.empty()) return report_nothing_ranked(setup.lab.spec, sweep.skipped, options);

    std::vector<Measured>& measured = sweep.measured;
    std::stable_sort(measured.begin(), measured.end(), faster);
    const std::string unit = rate_unit_text(measured.front().problem->rate_unit());
    fmt::print("\nranked at {}, fastest first:\n", size_text(setup.timed, setup.lab.spec.size_form()));
    print_ranked(setup.space, measured, options.top == 0 ? measured.size() : options.top, unit);
    print_skipped(setup.space, sweep.skipped);
    const std::vector<Measured> round =
        final_round(setup.lab.session, measured, options.recheck, setup.timed, options.seed, options.repeat);
    if (!round.empty()) print_ranked(setup.space, round, round.size(), unit);

    const TuneResult& best = round.empty() ? measured.front().result : round.front().result;
    const double total = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    print_best(setup, best, unit, total, options);
    if (options.save) save_best(setup, best, unit, options);
    return 0;
}

}  // namespace

int tune_command(const CommonOptions& common, const TuneOptions& options) {
    return run_guarded([&] { return report_errors([&] { return tune_checked(common, options); }); }, "lab tune");
}

}  // namespace course
