// Stage 3, barriers: the static analysis (libclang) and Oclgrind's dynamic
// checks together. An error from either fails the stage; warnings only
// (an unneeded barrier, a check that could not run) pass with a remark.
#include "stages/stages.hpp"

#include "protocol/oclgrind_report.hpp"
#include "stages/dynamic_findings.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cmath>

namespace labcheck {

namespace {

constexpr std::size_t kFindingsShown = 8;  // in the details; the JSON keeps them all

std::string rule_words(const std::string& rule) {
    if (rule == "barrier-in-divergent-branch") return "barrier under a condition that depends on the work-item id";
    if (rule == "divergent-exit-before-barrier")
        return "return or break on a work-item-dependent condition before a barrier";
    if (rule == "missing-barrier-read-after-write")
        return "__local data read by other work-items with no barrier after the write";
    if (rule == "missing-barrier-write-after-read")
        return "__local data overwritten with no barrier after other work-items read it";
    if (rule == "unneeded-barrier") return "a barrier that orders nothing (warning)";
    if (rule == "parse-error") return "the static analysis could not parse the file";
    if (rule == "compiler-dependent-macro") return "the file tests a macro the compiler defines by itself";
    return rule;
}

Finding warning(const std::string& rule, const std::string& summary, const std::string& message) {
    Finding f;
    f.source = rule.rfind("oclgrind", 0) == 0 ? "oclgrind" : "static";
    f.rule = rule;
    f.error = false;
    f.summary = summary;
    f.message = message;
    return f;
}

// Why the static analysis cannot vouch for this file (empty when it can): it could not parse it,
// did not finish, is not part of this build, or did not see a kernel the compiler built.
struct StaticBlindness {
    std::string why;
    bool grader_side = false;  // not the file's doing (the analysis is missing from this build)
};

StaticBlindness static_blindness(const std::vector<Finding>& findings, const UnitRun& static_run,
                                 const DynamicRuns& dynamic) {
    for (const auto& f : findings) {
        if (f.rule == "parse-error") {
            return {fmt::format("it could not read the file{}: {}", f.line > 0 ? fmt::format(" (line {})", f.line) : "",
                                f.message)};
        }
        if (f.rule == "compiler-dependent-macro") return {f.message};
        if (f.rule == "static-incomplete") return {"it did not finish"};
        if (f.rule == "static-unavailable") return {"it is not part of this build of labcheck", true};
    }
    const auto* event = static_run.first<StaticEvent>();
    const auto* built = dynamic.runs.empty() ? nullptr : dynamic.runs.front()->first<BuildEvent>();
    if (event != nullptr && built != nullptr && event->kernels) {
        const auto& seen = *event->kernels;
        for (const auto& name : built->kernels) {
            if (std::find(seen.begin(), seen.end(), name) == seen.end()) {
                return {fmt::format("it did not see the kernel {} that the compiler builds (a macro or a "
                                    "condition hides it from the analysis)",
                                    name)};
            }
        }
    }
    return {};
}

// Whether the Oclgrind run judged the whole file: it ran, built, finished and simulated every
// instruction, at every define set it ran (sets left out as too large to simulate are no gap in
// what it read of the file). A timeout is a judgement (an error finding), not a gap.
bool dynamic_complete(const std::vector<Finding>& findings, const DynamicRuns& dynamic) {
    if (dynamic.runs.empty()) return false;
    return std::none_of(findings.begin(), findings.end(), [](const Finding& f) {
        return f.rule == "oclgrind-build" || f.rule == "oclgrind-incomplete" || f.rule == "oclgrind-simulator" ||
               f.rule == "oclgrind-unchecked" || f.rule == "oclgrind-not-run" || f.rule == "oclgrind-error-limit";
    });
}

std::vector<Finding> static_findings(const LabUnderTest& lab, const UnitRun& run, std::string& grader_problem) {
    std::vector<Finding> findings;
    if (const auto* event = run.first<StaticEvent>()) {
        for (const auto& item : event->findings) {
            Finding f;
            f.source = "static";
            f.rule = item.rule;
            f.error = item.error && f.rule != "parse-error";
            f.file = item.file.empty() ? lab.file_display() : item.file;
            f.line = item.line;
            f.summary = fmt::format("{}{}", f.line > 0 ? fmt::format("line {}: ", f.line) : "", rule_words(f.rule));
            f.message = item.message;
            findings.push_back(std::move(f));
        }
        return findings;
    }
    if (run.first<StaticUnavailableEvent>() != nullptr) {
        findings.push_back(warning("static-unavailable", "static analysis is not part of this build",
                                   "This labcheck was built without the static barrier analysis (checker/static), so "
                                   "only Oclgrind's dynamic checks ran."));
        return findings;
    }
    if (build_failed(run)) return findings;  // the file could not be read: the build stage says why
    const AbnormalEnd end = abnormal_end(run, "while analysing the kernel source");
    if (end.grader_problem) {
        grader_problem = end.text;
    } else if (end.happened) {
        findings.push_back(warning("static-incomplete", "the static analysis did not finish",
                                   "The static barrier analysis stopped: " + end.text +
                                       " Only Oclgrind's dynamic checks count for this file."));
    } else if (const auto* error = run.first<ErrorEvent>()) {
        grader_problem = error->message;
    }
    return findings;
}

std::string sizes_text(const UnitRun& run) {
    std::string text;
    for (const auto& c : run.job.checks) text += (text.empty() ? "" : ", ") + c.size;
    return text;
}

// Why the grader could not use an Oclgrind run at all (it did not open Oclgrind's device), or "".
std::string oclgrind_unusable(const UnitRun& run) {
    const auto* device = run.first<DeviceEvent>();
    const auto* error = run.first<ErrorEvent>();
    if (device == nullptr || error != nullptr) {
        const AbnormalEnd end = abnormal_end(run, "");
        return fmt::format("Oclgrind could not run the kernel: {}", error != nullptr ? error->message : end.text);
    }
    std::string platform = device->platform;
    std::transform(platform.begin(), platform.end(), platform.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (platform.find("oclgrind") == std::string::npos) {
        return fmt::format("Oclgrind did not take over OpenCL: the worker ran on {}", device->label);
    }
    return {};
}

// A size or define set Oclgrind did not simulate is not one it found nothing at.
void add_not_simulated(const UnitRun& run, std::vector<Finding>& findings) {
    if (const auto* skipped = run.first<SetSkippedEvent>(); skipped != nullptr && skipped->kind == SetSkip::device_limit) {
        findings.push_back(warning("oclgrind-not-run", "Oclgrind could not run the kernel at one define set",
                                   fmt::format("Oclgrind did not run the kernel at define set '{}': {}. Its dynamic "
                                               "checks (data races, barrier divergence) did not happen there.",
                                               run.job.define_set, skipped->reason)));
    }
    for (const auto* check : run.all<CheckEvent>()) {
        if (check->ran) continue;
        findings.push_back(
            warning("oclgrind-not-run", "Oclgrind could not run the kernel at one size",
                    fmt::format("Under Oclgrind, at size {}{}, the kernel did not run to the end, so Oclgrind's checks "
                                "did not happen there: {}",
                                check->check.size,
                                run.job.define_set.empty() ? "" : " and define set '" + run.job.define_set + "'",
                                check->problem)));
    }
}

std::vector<Finding> oclgrind_findings(const LabUnderTest& lab, const UnitRun& run, std::string& grader_problem) {
    std::vector<Finding> findings;
    if (std::string unusable = oclgrind_unusable(run); !unusable.empty()) {
        grader_problem = std::move(unusable);
        return findings;
    }
    if (const auto* build = run.first<BuildEvent>(); build != nullptr && !build->ok) {
        findings.push_back(warning("oclgrind-build", "Oclgrind's compiler could not build the kernel",
                                   "The kernel builds on the graded device but not in Oclgrind, so the dynamic "
                                   "checks did not run: " +
                                       build->message));
        return findings;
    }

    DynamicContext context;
    context.student_file = lab.file_display();
    if (const auto* build = run.first<BuildEvent>()) {
        context.student_kernels = build->kernels;
        context.student_source = build->source;
    }
    const OclgrindOutput output = parse_oclgrind_output(run.output);
    findings = dynamic_findings(output, context);
    add_not_simulated(run, findings);

    const AbnormalEnd end = abnormal_end(run, unfinished_activity(run));
    if (end.grader_problem) {
        grader_problem = end.text;
    } else if (run.outcome.end == ChildEnd::timed_out && !run.outcome.stalled && !run.limits.steps.empty()) {
        // Every launch finished in time but the whole run did not: slow, not hung. Not the
        // student's error, but the dynamic check did not cover every size.
        findings.push_back(warning("oclgrind-incomplete", "Oclgrind did not finish every size in time",
                                   "Under Oclgrind each launch finished, but the whole run passed its limit of " +
                                       fmt::format("{:g}", run.limits.wall_seconds) +
                                       " s before the last size, so the dynamic checks are incomplete."));
    } else if (run.outcome.end == ChildEnd::timed_out) {
        Finding f;
        f.source = "oclgrind";
        f.rule = "oclgrind-timeout";
        f.file = lab.file_display();
        f.summary = "the kernel did not finish under Oclgrind";
        f.message = "Under Oclgrind, at the small sizes " + sizes_text(run) + ", the kernel " + end.text;
        findings.push_back(std::move(f));
    } else if (end.happened) {
        findings.push_back(warning(
            "oclgrind-incomplete", "Oclgrind stopped before the end",
            "Oclgrind did not finish simulating the kernel: " + end.text + " The dynamic checks are incomplete."));
    }
    for (const auto& error : output.simulator_errors) {
        findings.push_back(warning("oclgrind-simulator", "Oclgrind could not simulate part of the kernel",
                                   "Oclgrind stopped on a limitation of its own (" + error +
                                       "), so its checks of this kernel are incomplete; this is not your mistake."));
    }
    return findings;
}

// Oclgrind's findings at every define set it ran (the same problem told once), or why it did not run.
void add_dynamic_findings(const LabUnderTest& lab, const DynamicRuns& dynamic, std::vector<Finding>& findings,
                          std::string& grader_problem) {
    if (dynamic.runs.empty() && dynamic.planned == 0 && dynamic.left_out.empty()) {
        // Without Oclgrind (e.g. a GPU machine without the Debian package) the dynamic check cannot
        // run, and a check that did not run does not pass: the grader's problem, said as such.
        grader_problem = "Oclgrind is not installed here, so the run under Oclgrind (data races, barrier "
                         "divergence, uninitialised reads) could not check the kernel, and a check that did not run "
                         "cannot pass. Install it (Debian: sudo apt-get install oclgrind) and grade again.";
        return;
    }
    for (const auto& why : dynamic.unchecked) {
        findings.push_back(warning("oclgrind-unchecked", "Oclgrind did not check every size",
                                   "Under Oclgrind, " + why + ". Sizes Oclgrind did not check score nothing."));
    }
    for (const auto* run : dynamic.runs) {
        for (auto& f : oclgrind_findings(lab, *run, grader_problem)) {
            if (is_out_of_bounds(f)) continue;  // the correctness stage's (out_of_bounds_findings)
            // The same problem at several define sets is told once, at the first.
            const bool told = std::any_of(findings.begin(), findings.end(), [&](const Finding& earlier) {
                return earlier.source == f.source && earlier.rule == f.rule && earlier.line == f.line;
            });
            if (told) continue;
            if (dynamic.runs.size() > 1 && !run->job.define_set.empty()) {
                f.message = fmt::format("At define set '{}': {}", run->job.define_set, f.message);
            }
            findings.push_back(std::move(f));
        }
    }
    if (dynamic.runs.empty() && dynamic.planned == 0) {
        std::string sets;
        for (const auto& s : dynamic.left_out) sets += "\n  " + s;
        findings.push_back(warning("oclgrind-not-run", "Oclgrind did not run: every define set is too large",
                                   "Only the static analysis checked this kernel; Oclgrind left out:" + sets));
    }
}

// The error finding when neither check could judge a file the static analysis cannot vouch for.
Finding no_check_could_judge(const LabUnderTest& lab, const DynamicRuns& dynamic, const std::string& blind_why) {
    Finding f;
    f.source = "static";
    f.rule = "no-check-could-judge";
    f.error = true;
    f.file = lab.file_display();
    f.summary = "neither barrier check could judge the kernel";
    f.message = "The static barrier analysis cannot vouch for this file: " + blind_why + ". Oclgrind " +
                (!dynamic.runs.empty()        ? std::string("did not finish its checks either (see below)")
                 : !dynamic.unchecked.empty() ? "was not run: " + dynamic.unchecked.front()
                 : !dynamic.left_out.empty()  ? std::string("did not run: every define set is too large")
                                              : std::string("is not installed here")) +
                ", so no check judged the barriers, and a stage no check judged does not pass. Write the "
                "kernel as plain OpenCL C 1.2 (no tests of compiler macros such as __IMAGE_SUPPORT__ or "
                "__clang__, no code the OpenCL compiler skips but a C parser reads) and both checks run.";
    return f;
}

// When the static analysis cannot vouch for the file, its silence is not a pass: Oclgrind
// alone judges, and if it could not judge the whole file either, the stage fails (plain
// OpenCL C 1.2 is always readable by both). Returns a grader problem, or "".
std::string weigh_static_blindness(const LabUnderTest& lab, const UnitRun& static_run, const DynamicRuns& dynamic,
                                   std::vector<Finding>& findings) {
    const StaticBlindness blind = static_blindness(findings, static_run, dynamic);
    if (blind.why.empty()) return {};
    const bool dynamic_judged = dynamic_complete(findings, dynamic);
    if (!dynamic_judged && blind.grader_side) {
        return "neither barrier check could run: the static analysis " + blind.why +
               ", and Oclgrind did not judge the kernel";
    }
    if (!dynamic_judged) {
        findings.insert(findings.begin(), no_check_could_judge(lab, dynamic, blind.why));
    } else {
        Finding f = warning("static-blind", "judged by Oclgrind alone: the static analysis cannot vouch for the file",
                            "The static barrier analysis cannot vouch for this file: " + blind.why +
                                (blind.why.back() == '.' ? "" : ".") + " The barriers were judged by the run under Oclgrind alone, which sees only the "
                                "sizes it runs. Write the kernel as plain OpenCL C 1.2 for the full check.");
        f.source = "static";
        findings.push_back(std::move(f));
    }
    // A parse error is the reason given above, not a finding of its own.
    findings.erase(std::remove_if(findings.begin(), findings.end(),
                                  [](const Finding& f) {
                                      return f.rule == "parse-error" || f.rule == "compiler-dependent-macro";
                                  }),
                   findings.end());
    return {};
}

// The first findings in full, then how many more.
std::string findings_details(const std::vector<Finding>& findings) {
    std::string details;
    std::size_t shown = 0;
    for (const auto& f : findings) {
        if (shown++ == kFindingsShown) {
            details += fmt::format("... and {} more finding(s) of the same kinds: fix these first.\n",
                                   findings.size() - kFindingsShown);
            break;
        }
        details += fmt::format("{}{} ({}{}): {}\n", shown > 1 ? "\n" : "", f.error ? "error" : "warning", f.source,
                               f.line > 0 ? fmt::format(", line {}", f.line) : "", f.message);
    }
    return details;
}

// "no barrier problems (static analysis; Oclgrind at 1x1, 17x33 at 'defaults'; not at ...)".
std::string clean_reason(const DynamicRuns& dynamic) {
    std::string ran;
    for (const auto* run : dynamic.runs) {
        ran += (ran.empty() ? "" : "; ") + sizes_text(*run) +
               (run->job.define_set.empty() ? "" : " at '" + run->job.define_set + "'");
    }
    if (ran.empty()) return "no barrier problems (static analysis)";
    std::string reason = fmt::format("no barrier problems (static analysis; Oclgrind at {}", ran);
    if (!dynamic.left_out.empty()) {
        // Said, not hidden: the dynamic check did not run at every set (the static analysis did).
        std::string sets;
        for (const auto& s : dynamic.left_out) sets += (sets.empty() ? "" : "; ") + s;
        reason += "; not at " + sets;
    }
    if (!dynamic.without_uninitialized.empty()) {
        std::string sets;
        for (const auto& s : dynamic.without_uninitialized) sets += (sets.empty() ? "" : ", ") + s;
        reason += "; uninitialised reads checked at the other sets: at " + sets + " the tiles take minutes to simulate with that check";
    }
    return reason + ")";
}

// The (define set, size) pairs Oclgrind ran to the end, of those it was to check.
struct Coverage {
    std::size_t checked = 0, planned = 0;
    bool whole() const { return checked >= planned; }
    double share() const { return planned == 0 ? 1.0 : static_cast<double>(checked) / static_cast<double>(planned); }
};

Coverage oclgrind_coverage(const DynamicRuns& dynamic) {
    Coverage coverage;
    coverage.planned = dynamic.planned;
    for (const auto* run : dynamic.runs) {
        // An optional extension's set the kernel does not take on was never part of what to check.
        const auto* skipped = run->first<SetSkippedEvent>();
        if (skipped != nullptr && skipped->kind == SetSkip::extension_unused) {
            coverage.planned -= std::min(coverage.planned, run->job.checks.size());
            continue;
        }
        for (const auto* check : run->all<CheckEvent>()) coverage.checked += check->ran ? 1 : 0;
    }
    coverage.checked = std::min(coverage.checked, coverage.planned);
    return coverage;
}

// Any error fails the stage. Otherwise the points are the share of the planned sizes Oclgrind
// checked (a check that did not run scores nothing); warnings alone keep them.
void decide_barriers_verdict(StageResult& r, const DynamicRuns& dynamic) {
    const auto errors = static_cast<std::size_t>(
        std::count_if(r.findings.begin(), r.findings.end(), [](const Finding& f) { return f.error; }));
    if (errors > 0) {
        r.verdict = Verdict::fail;
        r.reason = r.findings.front().summary;
        if (errors > 1) r.reason += fmt::format(" (+{} more)", errors - 1);
        return;
    }
    const Coverage coverage = oclgrind_coverage(dynamic);
    if (!coverage.whole()) {
        r.points = std::round(r.max_points * coverage.share() * 100.0) / 100.0;
        r.verdict = Verdict::fail;
        const auto unchecked = std::find_if(r.findings.begin(), r.findings.end(), [](const Finding& f) {
            return f.rule == "oclgrind-unchecked" || f.rule == "oclgrind-not-run" || f.rule == "oclgrind-incomplete" ||
                   f.rule == "oclgrind-build" || f.rule == "oclgrind-simulator";
        });
        r.reason = fmt::format("no barrier problem found, but Oclgrind checked only {} of {} sizes{}",
                               coverage.checked, coverage.planned,
                               unchecked == r.findings.end() ? std::string() : ": " + unchecked->summary);
        return;
    }
    r.points = r.max_points;
    if (!r.findings.empty()) {
        r.verdict = Verdict::warn;
        r.reason = r.findings.front().summary;
        return;
    }
    r.verdict = Verdict::pass;
    r.reason = clean_reason(dynamic);
}

}  // namespace

std::vector<Finding> out_of_bounds_findings(const LabUnderTest& lab, const UnitRun& dynamic) {
    std::string grader_problem;  // the barriers stage reports a run Oclgrind could not make
    std::vector<Finding> found;
    for (auto& f : oclgrind_findings(lab, dynamic, grader_problem)) {
        if (is_out_of_bounds(f)) found.push_back(std::move(f));
    }
    return found;
}

bool oclgrind_needs_retry(const UnitRun& dynamic) {
    return !parse_oclgrind_output(dynamic.output).simulator_errors.empty();
}

StageResult evaluate_barriers(const LabUnderTest& lab, const UnitRun& static_run, const UnitRun* dynamic) {
    DynamicRuns runs;
    if (dynamic != nullptr) {
        runs.runs.push_back(dynamic);
        runs.planned = dynamic->job.checks.size();
    }
    return evaluate_barriers(lab, static_run, runs);
}

StageResult evaluate_barriers(const LabUnderTest& lab, const UnitRun& static_run, const DynamicRuns& dynamic) {
    StageResult r = empty_result(lab, Stage::barriers);
    r.seconds = static_run.outcome.seconds;
    for (const auto* run : dynamic.runs) r.seconds += run->outcome.seconds;
    std::string grader_problem;
    r.findings = static_findings(lab, static_run, grader_problem);
    add_dynamic_findings(lab, dynamic, r.findings, grader_problem);
    if (!grader_problem.empty()) return grader_error(lab, Stage::barriers, grader_problem);
    if (const std::string problem = weigh_static_blindness(lab, static_run, dynamic, r.findings); !problem.empty())
        return grader_error(lab, Stage::barriers, problem);
    std::stable_sort(r.findings.begin(), r.findings.end(),
                     [](const Finding& a, const Finding& b) { return a.error && !b.error; });
    r.details = findings_details(r.findings);
    decide_barriers_verdict(r, dynamic);
    return r;
}

}  // namespace labcheck
