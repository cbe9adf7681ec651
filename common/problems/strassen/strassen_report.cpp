#include "problems/strassen/strassen_report.hpp"

#include "util/duration_text.hpp"

#include "harness/timing.hpp"
#include "problems/reference.hpp"
#include "problems/strassen/strassen_problem.hpp"
#include "problems/strassen/strassen_verdict.hpp"
#include "problems/timed_result.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <optional>

namespace course {

namespace {

constexpr double kUnitRoundoff = 1.0 / 16777216.0;  // 2^-24

double volume(const ProblemSize& s) {
    return static_cast<double>(s.m) * static_cast<double>(s.n) * static_cast<double>(s.k);
}

struct Accuracy {
    double relative_error = 0.0;      // max |C − C_exact| / max |C_exact|
    double share_of_tolerance = 0.0;  // worst |C − C_exact| / what the check allows there
};

Accuracy measure_accuracy(const MatmulReference& exact, const Matrix& c, std::size_t k, int levels) {
    double max_error = 0.0, max_exact = 0.0, worst_share = 0.0;
    const double factor = strassen_tolerance_factor(k, levels);
    for (std::size_t i = 0; i < exact.value.size(); ++i) {
        const double error = std::fabs(static_cast<double>(c.values[i]) - exact.value[i]);
        max_error = std::max(max_error, error);
        max_exact = std::max(max_exact, std::fabs(exact.value[i]));
        const double allowed = factor * kUnitRoundoff * exact.magnitude[i];
        if (allowed > 0.0) worst_share = std::max(worst_share, error / allowed);
    }
    return {max_exact > 0.0 ? max_error / max_exact : max_error, worst_share};
}

// Median of the whole run and of its GEMM part, for each level count, interleaved. Like every
// timed launch (timing.hpp), each run starts from fresh outputs and its C is checked afterwards:
// a level count whose C is wrong at this size gets no time, and `failures` says why.
struct LevelTiming {
    double total = 0.0, gemm = 0.0;
    int runs = 0;
};

std::vector<LevelTiming> time_levels(StrassenProblem& problem, ProblemSize size, int max_levels,
                                     std::vector<std::string>& failures) {
    const TimingPlan plan;
    constexpr std::uint64_t kSeed = 7;
    std::vector<std::optional<StrassenProblem::TimedRun>> runs;
    for (int levels = 0; levels <= max_levels; ++levels) {
        try {
            auto run = problem.timed_run(size, levels, kSeed);
            run.prepare();
            run.run().last.wait();  // fails here when the buffers do not fit
            runs.emplace_back(std::move(run));
            failures.emplace_back();
        } catch (const std::exception& e) {
            runs.emplace_back();
            failures.emplace_back(e.what());
        }
    }
    const auto launch = [](const StrassenProblem::TimedRun& run) {
        run.prepare();
        return run.run();
    };
    for (int w = 0; w < plan.warmups; ++w) {
        for (const auto& run : runs) {
            if (run) launch(*run);
        }
    }
    problem.session().queue.finish();
    std::vector<std::vector<double>> totals(runs.size()), gemms(runs.size());
    const auto wrong = [&](std::size_t i, ResultCheck depth) {
        std::string why = runs[i]->check(depth);
        if (why.empty()) return false;
        failures[i] = "wrong at the timed size: " + why;
        runs[i].reset();
        return true;
    };
    double timed = 0.0;
    for (int rep = 0; rep < plan.max_repetitions; ++rep) {
        if (rep >= plan.min_repetitions && timed >= plan.min_total_seconds) break;
        double slowest = 0.0;
        for (std::size_t i = 0; i < runs.size(); ++i) {
            if (!runs[i]) continue;
            const StrassenEvents events = launch(*runs[i]);
            events.last.wait();
            if (wrong(i, ResultCheck::sample)) continue;
            totals[i].push_back(elapsed_seconds({events.first, events.last}));
            gemms[i].push_back(elapsed_seconds({events.gemm, events.gemm}));
            slowest = std::max(slowest, totals[i].back());
        }
        timed += slowest;
    }
    std::vector<LevelTiming> timings(runs.size());
    for (std::size_t i = 0; i < runs.size(); ++i) {
        if (!runs[i] || wrong(i, ResultCheck::whole) || totals[i].empty()) continue;
        timings[i] = {median(totals[i]), median(gemms[i]), static_cast<int>(totals[i].size())};
    }
    return timings;
}

}  // namespace

std::vector<ProblemSize> accuracy_sizes(const StrassenProblem& problem, ProblemSize timed) {
    const LabSpec& spec = problem.spec();
    const toml::array* list = spec.setting_node("strassen", "accuracy_sizes").as_array();
    std::vector<ProblemSize> sizes;
    if (list != nullptr) {
        for (const auto& item : *list) {
            const auto text = item.value<std::string>();
            if (!text) continue;
            const ProblemSize size = parse_problem_size(*text, SizeForm::m_by_k_by_n);
            if (volume(size) < volume(timed)) sizes.push_back(size);
        }
    }
    sizes.push_back(timed);
    return sizes;
}

namespace {

// One row of the accuracy table: `variant`'s error at every level count for one size.
std::string accuracy_row(StrassenProblem& problem, const std::string& label, const Matrix& a, const Matrix& b,
                         const MatmulReference& exact, StrassenVariant variant) {
    std::string errors, shares;
    for (int levels = 0; levels <= kMaxStrassenLevels; ++levels) {
        const Accuracy accuracy = measure_accuracy(exact, problem.multiply(a, b, levels, variant), a.cols, levels);
        errors += fmt::format("  {:<10.2e}", accuracy.relative_error);
        shares += fmt::format(" {:>5.1f}%", 100.0 * accuracy.share_of_tolerance);
    }
    return fmt::format("  {:<16}{}  {}\n", label, errors, shares);
}

}  // namespace

std::string accuracy_report(StrassenProblem& problem, ProblemSize timed) {
    const bool winograd = problem.variants().size() > 1;
    std::string text = fmt::format(
        "\naccuracy: max |C − C_exact| / max |C_exact|, C_exact = the same float inputs multiplied in double\n"
        "  {:<16}",
        "size (M×K×N)");
    for (int levels = 0; levels <= kMaxStrassenLevels; ++levels) text += fmt::format("  LEVELS={:<3}", levels);
    text += "   worst element / tolerance of the check, per level\n";
    for (const ProblemSize& size : accuracy_sizes(problem, timed)) {
        const Matrix a = random_matrix(size.m, size.k, 1);
        const Matrix b = random_matrix(size.k, size.n, 2);
        const MatmulReference exact = matmul_reference(a, b);
        text += accuracy_row(problem, size_text(size, SizeForm::m_by_k_by_n), a, b, exact, StrassenVariant::strassen);
        if (winograd) text += accuracy_row(problem, "  Winograd", a, b, exact, StrassenVariant::winograd);
    }
    std::string growth;
    for (int levels = 0; levels <= kMaxStrassenLevels; ++levels) {
        growth += fmt::format("{}{:g}", levels == 0 ? "" : ", ", strassen_error_growth(levels));
    }
    text += fmt::format("  (the check allows {} × a plain GEMM's error bound at LEVELS = 0, 1, 2, 3)\n", growth);
    text += winograd ? "  (each size: Strassen's kernels, then Winograd's on the same inputs below it)\n"
                     : "  (Winograd's variant, part 2: add winograd_split and winograd_merge to compare it here)\n";
    return text;
}

std::string speed_report(StrassenProblem& problem, ProblemSize timed) {
    std::vector<std::string> failures;
    const auto timings = time_levels(problem, timed, kMaxStrassenLevels, failures);
    const double work = problem.work(timed);
    const double baseline = timings[0].total;
    std::string text = fmt::format(
        "\nspeed at {}: effective rate 2·M·N·K / time, all level counts interleaved ({} runs each);\n"
        "products computed by {}\n"
        "  {:<7} {:<22} {:>10} {:>10}  {:>11}  {:>10} {:>17}\n",
        size_text(timed, SizeForm::m_by_k_by_n), timings[0].runs, problem.gemm().display_path(), "LEVELS",
        "GEMM products", "time", "GFLOP/s", "vs LEVELS=0", "GEMM", "split + merge");
    int best = 0;
    for (int levels = 0; levels <= kMaxStrassenLevels; ++levels) {
        const auto l = static_cast<std::size_t>(levels);
        const StrassenPlan plan = problem.plan(timed, levels);
        const std::string products =
            fmt::format("{} × {}×{}×{}", plan.nodes(levels), plan.rows(levels), plan.inner(levels), plan.cols(levels));
        if (!failures[l].empty()) {
            const bool wrong = failures[l].rfind("wrong at", 0) == 0;  // no rate for work not done
            text += fmt::format("  {:<7} {:<22} {}{}\n", levels, products,
                                wrong ? "" : "could not run: ", failures[l].substr(0, failures[l].find('\n')));
            continue;
        }
        const LevelTiming& t = timings[l];
        const double additions = std::max(0.0, t.total - t.gemm);
        const std::string addition_text =
            levels == 0 ? std::string("-")
                        : fmt::format("{} {:.0f} GB/s", duration_text(additions),
                                      additions > 0.0 ? plan.addition_bytes() / additions * 1e-9 : 0.0);
        text += fmt::format("  {:<7} {:<22} {:>10} {:>10.1f}  {:>10.2f}×  {:>10} {:>17}\n", levels, products,
                            duration_text(t.total), work / t.total * 1e-9, baseline > 0.0 ? baseline / t.total : 0.0,
                            duration_text(t.gemm), addition_text);
        if (timings[static_cast<std::size_t>(best)].total <= 0.0 ||
            t.total < timings[static_cast<std::size_t>(best)].total) {
            best = levels;
        }
    }
    if (baseline > 0.0) {
        text += fmt::format("  fastest here: LEVELS={}, {:.2f}× the lab-06 GEMM alone (LEVELS=0)\n", best,
                            baseline / timings[static_cast<std::size_t>(best)].total);
    }
    return text;
}

}  // namespace course
