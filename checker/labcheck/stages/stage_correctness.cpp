// Stage 2, correctness: the kernel's result at every contract size and every
// hidden size and seed, at every define set of the lab, against the
// double-precision reference, with NaN-filled outputs and guard zones (the
// harness's LabProblem::check does the comparing). Each size runs twice in the
// worker: a result that changes between identical runs is wrong.
#include "stages/stages.hpp"

#include <fmt/format.h>

#include <cmath>
#include <map>
#include <regex>

namespace labcheck {

namespace {

constexpr std::size_t kOtherFailuresShown = 4;  // wrong sizes listed after the first

// "'asymmetric' (-D TILE_M=32 -D TILE_N=64 ...)"
std::string set_label(const UnitRun& run) {
    if (run.job.define_set.empty()) return {};
    const std::string flags = run.job.defines.build_options();
    return fmt::format("'{}'{}", run.job.define_set, flags.empty() ? "" : " (" + flags + ")");
}

std::string size_label(const SizeCheck& check, const UnitRun& run) {
    const std::string set = set_label(run);
    return fmt::format("size {} (seed {}{}){}", check.size, check.seed, check.hidden ? ", a hidden size" : "",
                       set.empty() ? "" : " at define set " + set);
}

// The first sentence of a paragraph, for one-line summaries.
std::string first_sentence(const std::string& text) {
    const auto newline = text.find('\n');
    std::string line = text.substr(0, newline);
    const auto stop = line.find(". ");
    return stop == std::string::npos ? line : line.substr(0, stop + 1);
}

// ... without parenthetical asides, for the table: "at[3][1] was never written: expected 0.25."
std::string terse(const std::string& sentence) {
    static const std::regex aside(R"( \([^()]*\))");
    return std::regex_replace(sentence, aside, "");
}

bool on_pocl(const UnitRun& run) {
    const auto* device = run.first<DeviceEvent>();
    if (device == nullptr) return false;
    std::string platform = device->platform;
    for (auto& c : platform) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return platform.find("portable computing language") != std::string::npos ||
           platform.find("pocl") != std::string::npos;
}

// One line of the details: a wrong size ("size ... at define set ...: text", the first in full), a
// crash, or the sizes that failed as an earlier one did.
struct Failure {
    std::string text;
    std::size_t sizes = 1;  // how many wrong sizes it stands for
};

// What one define set's run says, size by size.
struct SetTally {
    std::size_t run = 0, passed = 0, hidden = 0;
    std::vector<Failure> failures;
    std::string first_failure;          // for the table
    std::string skipped;                // why the set did not run here, when it did not
    SetSkip skip_kind = SetSkip::device_limit;
    std::string timed_out;              // "timed out at 1024x1024 at 'defaults'": a launch that did not end
    // Sizes after the one the worker stopped at (a hang, a crash): never run, so neither right nor
    // wrong; they score nothing.
    std::size_t not_run = 0;
    bool grader_problem = false;
    std::string grader_text;
};

// Failures that read the same at every size (CheckEvent::repeating): said in full at the first
// size, then gathered into one line naming the others.
struct RepeatGroup {
    std::size_t line = 0;            // its line in SetTally::failures (the first holds the full text)
    std::string first;               // the size it was said in full at
    std::vector<std::string> sizes;  // the others
};

// "37x50", "37x50 (seed 42)", "31x47 (hidden)".
std::string size_word(const SizeCheck& check) {
    std::string word = check.size;
    if (check.seed != 1 || check.hidden) {
        word += fmt::format(" ({}{})", check.seed != 1 ? fmt::format("seed {}", check.seed) : std::string(),
                            check.hidden ? (check.seed != 1 ? ", hidden" : "hidden") : "");
    }
    return word;
}

std::string group_line(const RepeatGroup& group, const std::string& repeating, const UnitRun& run) {
    std::string sizes;
    for (std::size_t i = 0; i < group.sizes.size(); ++i) {
        sizes += (i == 0 ? "" : i + 1 == group.sizes.size() ? " and " : ", ") + group.sizes[i];
    }
    const std::string set = set_label(run);
    return fmt::format("also wrong at size{} {}{}: {}, as at {}.", group.sizes.size() > 1 ? "s" : "", sizes,
                       set.empty() ? "" : " at define set " + set, repeating, group.first);
}

// The checks' results into the tally: the first failure in full, the others in a line each,
// those that repeat an earlier failure gathered into one.
void tally_results(const LabUnderTest& lab, const UnitRun& run, const std::vector<const CheckEvent*>& results,
                   SetTally& t) {
    const auto& planned = run.job.checks;
    std::map<std::string, RepeatGroup> groups;
    for (std::size_t i = 0; i < results.size() && i < planned.size(); ++i) {
        const auto& event = *results[i];
        if (planned[i].hidden) ++t.hidden;
        if (event.ok) {
            ++t.passed;
            continue;
        }
        const std::string& problem = event.problem;
        auto group = event.repeating.empty() ? groups.end() : groups.find(event.repeating);
        if (group != groups.end() && group->second.line != 0) {
            group->second.sizes.push_back(size_word(planned[i]));
            t.failures[group->second.line] = {group_line(group->second, event.repeating, run),
                                              group->second.sizes.size()};
            continue;
        }
        if (group != groups.end()) {  // said in full already: the group's line starts here
            group->second.line = t.failures.size();
            group->second.sizes.push_back(size_word(planned[i]));
            t.failures.push_back({group_line(group->second, event.repeating, run)});
            continue;
        }
        if (!event.repeating.empty()) groups[event.repeating] = {0, size_word(planned[i]), {}};
        if (t.failures.empty()) {
            t.first_failure = fmt::format("{}{}: {}", planned[i].size,
                                          run.job.define_set.empty() ? "" : " at '" + run.job.define_set + "'",
                                          terse(first_sentence(problem)));
            t.failures.push_back({fmt::format("{}: {}\n  reproduce: {}", size_label(planned[i], run), problem,
                                              lab.reproduce(planned[i].size, planned[i].seed, run.job.defines))});
        } else {
            t.failures.push_back(
                {fmt::format("also wrong at {}: {}", size_label(planned[i], run), first_sentence(problem))});
        }
    }
}

SetTally tally(const LabUnderTest& lab, const UnitRun& run) {
    SetTally t;
    const auto& planned = run.job.checks;
    if (const auto* skipped = run.first<SetSkippedEvent>()) {
        t.skipped = skipped->reason;
        t.skip_kind = skipped->kind;
        return t;
    }
    t.run = planned.size();
    if (const auto* build = run.first<BuildEvent>(); build != nullptr && !build->ok) {
        // Only a set other than the first can get here: the build stage judges the first.
        const std::string text = fmt::format("the kernel does not build at define set {}: {}", set_label(run),
                                             first_sentence(build->message));
        t.first_failure = text;
        t.failures.push_back(
            {text + "\n  reproduce: " + lab.reproduce(planned.empty() ? "1x1" : planned[0].size, 1, run.job.defines),
             planned.size()});
        for (const auto& c : planned) t.hidden += c.hidden;
        return t;
    }
    const auto results = run.all<CheckEvent>();
    tally_results(lab, run, results, t);
    if (results.size() < planned.size()) {
        const AbnormalEnd end = abnormal_end(run, unfinished_activity(run));
        if (end.grader_problem) {
            t.grader_problem = true;
            t.grader_text = end.text;
            return t;
        }
        const std::size_t unfinished = planned.size() - results.size();
        std::string text = end.happened ? end.text : "the worker stopped before checking every size.";
        if (t.first_failure.empty()) t.first_failure = first_sentence(text);
        if (run.outcome.end == ChildEnd::timed_out) {
            const auto starts = run.all<CheckStartEvent>();
            const std::string at = starts.size() > results.size() ? " at " + starts.back()->check.size : "";
            t.timed_out = fmt::format("timed out{}{}", at,
                                      run.job.define_set.empty() ? "" : " at '" + run.job.define_set + "'");
        }
        // The size it stopped at is the failure; those after it were never run, and are said so.
        t.not_run = unfinished - 1;
        if (t.not_run > 0)
            text += fmt::format("\n{} more size(s) were not checked after it: not run (the worker had stopped), so "
                                "not wrong either, but they score nothing.",
                                t.not_run);
        t.failures.push_back({text, 1});
        for (std::size_t i = results.size(); i < planned.size(); ++i) t.hidden += planned[i].hidden;
    }
    return t;
}

// Whether a set that failed on PoCL is right when PoCL compiles its work-groups the other
// way (POCL_WORK_GROUP_METHOD=cbs): every size the default way got wrong is right, and the
// same in both runs. Then the wrong numbers are PoCL's, not the kernel's.
bool pocl_miscompiled(const SetRuns& set) {
    if (set.pocl_cbs == nullptr || set.check == nullptr) return false;
    // (submission_grading.cpp stops after the first wrong size when it is still wrong that way)
    if (!every_check_right(*set.pocl_cbs)) return false;
    // Only wrong numbers qualify: a crash, a time-out or a result that changed between runs is the kernel's.
    if (!set.check->ended_normally()) return false;
    for (const auto* event : set.check->all<CheckEvent>()) {
        if (event->unstable) return false;
    }
    return true;
}

// Every define set's tallies together.
struct Totals {
    std::size_t run = 0, passed = 0, hidden = 0, sets_run = 0, not_run = 0;
    std::vector<Failure> failures;
    std::vector<Finding> findings;  // Oclgrind's out-of-bounds accesses, for the JSON
    std::vector<std::string> warnings, notes, set_names, timeouts;
    std::string first_failure;
};

// The warning for a set PoCL got wrong and got right the other way; its sizes then count as right.
std::string forgive_pocl(const SetRuns& set, SetTally& t) {
    const std::string warning = fmt::format(
        "PoCL computed a wrong result at define set {} ({}/{} sizes right), but the same kernel is right at "
        "every one of them when PoCL compiles its work-groups the other way (POCL_WORK_GROUP_METHOD=cbs). "
        "That is a bug of the OpenCL runtime (PoCL's default work-group compiler mishandles some barriers "
        "under work-group-uniform conditions), not your mistake: those sizes count as right. First wrong "
        "result on PoCL: {}",
        set_label(*set.check), t.passed, t.run, t.failures.empty() ? "?" : first_sentence(t.failures[0].text));
    t.passed = t.run;
    t.failures.clear();
    t.first_failure.clear();
    return warning;
}

// An access Oclgrind saw outside a buffer or a __local array at the set fails every check there: the
// numbers on the graded device were right by luck (PoCL's __local memory holds NaN at each check,
// but a read past one array can land in another, and a stray write may land where nothing is read).
void add_out_of_bounds(const LabUnderTest& lab, const SetRuns& set, SetTally& t, Totals& totals) {
    if (set.dynamic == nullptr) return;
    std::vector<Finding> found = out_of_bounds_findings(lab, *set.dynamic);
    if (found.empty()) return;
    const Finding& f = found.front();
    const std::string text = fmt::format(
        "an access out of bounds at define set {}, seen by Oclgrind (which runs the kernel at small sizes with "
        "inputs of exactly their size and names every access outside a buffer or a __local array; every check "
        "at this set counts as wrong, since its right numbers were luck): {}",
        set_label(*set.check), f.message);
    t.passed = 0;
    t.first_failure = fmt::format("{} (Oclgrind{})", f.summary,
                                  set.check->job.define_set.empty() ? "" : ", at '" + set.check->job.define_set + "'");
    t.failures.insert(t.failures.begin(), Failure{text, 0});
    for (auto& finding : found) totals.findings.push_back(std::move(finding));
}

void add_set(const LabUnderTest& lab, Totals& totals, const SetRuns& set, SetTally t) {
    if (!t.skipped.empty() && t.skip_kind == SetSkip::extension_unused) {
        // An optional extension not taken on is no gap in the check: said, not warned about.
        totals.notes.push_back(fmt::format("define set {} was not checked: {}.", set_label(*set.check), t.skipped));
        return;
    }
    if (!t.skipped.empty()) {
        totals.warnings.push_back(
            fmt::format("define set {} was not checked on this device: {}. Its sizes are left "
                        "out of the score.",
                        set_label(*set.check), t.skipped));
        return;
    }
    ++totals.sets_run;
    if (!set.check->job.define_set.empty()) totals.set_names.push_back(set.check->job.define_set);
    if (t.passed < t.run && on_pocl(*set.check) && pocl_miscompiled(set)) totals.warnings.push_back(forgive_pocl(set, t));
    add_out_of_bounds(lab, set, t, totals);
    totals.run += t.run;
    totals.passed += t.passed;
    totals.hidden += t.hidden;
    totals.not_run += t.not_run;
    if (totals.first_failure.empty()) totals.first_failure = t.first_failure;
    if (!t.timed_out.empty()) totals.timeouts.push_back(t.timed_out);
    totals.failures.insert(totals.failures.end(), t.failures.begin(), t.failures.end());
}

// " at 3 define sets (a, b, c)", " at define set defaults", "".
std::string sets_where(const std::vector<std::string>& set_names) {
    std::string sets_text;
    for (const auto& name : set_names) sets_text += (sets_text.empty() ? "" : ", ") + name;
    const bool from_command_line = set_names.size() == 1 && set_names[0] == "command line";
    std::string where = set_names.size() > 1 ? fmt::format(" at {} define sets ({})", set_names.size(), sets_text)
                                             : (set_names.size() == 1 ? " at define set " + sets_text : "");
    if (from_command_line) where += ", the -D given instead of the lab's define sets";
    return where;
}

void decide_correctness_verdict(StageResult& r, const Totals& totals) {
    const std::string where = sets_where(totals.set_names);
    r.findings = totals.findings;
    if (totals.run == 0) {
        r.points = totals.warnings.empty() ? r.max_points : 0.0;
        r.verdict = totals.warnings.empty() ? Verdict::pass : Verdict::error;
        r.reason = totals.warnings.empty() ? "no sizes to check" : "no define set could run on this device";
        for (const auto& w : totals.warnings) r.details += w + "\n";
        return;
    }
    r.points = std::round(r.max_points * static_cast<double>(totals.passed) / static_cast<double>(totals.run) * 100.0) /
               100.0;
    for (const auto& w : totals.warnings) r.details += "warning: " + w + "\n";
    for (const auto& n : totals.notes) r.details += "note: " + n + "\n";
    // A check is a size (and seed) at one define set.
    const char* noun = totals.sets_run > 1 ? "checks" : "sizes";
    if (totals.passed == totals.run) {
        r.verdict = totals.warnings.empty() ? Verdict::pass : Verdict::warn;
        r.reason = totals.hidden > 0
                       ? fmt::format("right at all {} {}{} ({} of them hidden)", totals.run, noun, where, totals.hidden)
                       : fmt::format("right at all {} {}{}", totals.run, noun, where);
        if (!totals.warnings.empty()) r.reason += "; see the warning";
        return;
    }
    r.verdict = Verdict::fail;
    r.reason = fmt::format("{}/{} {} right{}; {}", totals.passed, totals.run, noun,
                           totals.not_run > 0 ? fmt::format(", {} not run after the worker stopped", totals.not_run)
                                              : std::string(),
                           totals.first_failure);
    // A launch that never ended is always said, even when another failure came first.
    if (!totals.timeouts.empty() && totals.first_failure.find("timed out") == std::string::npos) {
        r.reason += "; " + totals.timeouts.front() +
                    (totals.timeouts.size() > 1 ? fmt::format(" (and at {} more define sets)", totals.timeouts.size() - 1)
                                                : "");
    }
    std::size_t shown = 0, sizes_left = 0;
    for (const auto& f : totals.failures) {
        if (shown++ > kOtherFailuresShown) {
            sizes_left += f.sizes;
            continue;
        }
        r.details += f.text + "\n";
    }
    if (sizes_left > 0) r.details += fmt::format("and wrong at {} more size(s).\n", sizes_left);
    // A time-out among the failures not shown is still shown, in one line.
    for (std::size_t i = kOtherFailuresShown + 1; i < totals.failures.size(); ++i) {
        if (totals.failures[i].text.find("timed out") != std::string::npos)
            r.details += "also: " + first_sentence(totals.failures[i].text) + "\n";
    }
    if (totals.set_names.size() > 1) r.details += fmt::format("Checked{}.\n", where);
}

}  // namespace

StageResult evaluate_correctness(const LabUnderTest& lab, const UnitRun& check) {
    SetRuns only;
    only.check = &check;
    return evaluate_correctness(lab, std::vector<SetRuns>{only});
}

StageResult evaluate_correctness(const LabUnderTest& lab, const std::vector<SetRuns>& sets) {
    StageResult r = empty_result(lab, Stage::correctness);
    Totals totals;
    for (const auto& set : sets) {
        if (set.check == nullptr) continue;
        r.seconds += set.check->outcome.seconds + (set.pocl_cbs != nullptr ? set.pocl_cbs->outcome.seconds : 0.0);
        SetTally t = tally(lab, *set.check);
        if (t.grader_problem) return grader_error(lab, Stage::correctness, t.grader_text);
        add_set(lab, totals, set, std::move(t));
    }
    decide_correctness_verdict(r, totals);
    return r;
}

}  // namespace labcheck
