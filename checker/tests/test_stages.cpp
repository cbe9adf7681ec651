// The verdicts and messages of each stage, from what workers report: normal
// runs, and runs that crashed, hung or ran out of memory.
#include "stages/stages.hpp"

#include <doctest/doctest.h>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <unistd.h>

using namespace labcheck;
using nlohmann::json;

namespace {

struct Fixture {
    course::LabSpec spec;
    LabUnderTest lab;

    Fixture() {
        spec.number = "02";
        spec.folder = "02-transpose-local";
        spec.problem = course::ProblemKind::transpose;
        spec.kernel_file = "transpose.cl";
        for (const char* size : {"1x1", "37x50", "17x33"}) spec.check_sizes.push_back(course::lab_size(size, spec.size_form()));
        lab = LabUnderTest{&spec, {"/tmp/sub", "submissions/alice"}};
    }
};

UnitRun check_run(const std::vector<json>& events, std::size_t planned = 3) {
    UnitRun run;
    run.job.kind = JobKind::check;
    run.job.lab_folder = "02-transpose-local";
    for (std::size_t i = 0; i < planned; ++i)
        run.job.checks.push_back({i == 0 ? "1x1" : i == 1 ? "37x50" : "17x33", 1, i == 2});
    run.limits.wall_seconds = 5;
    run.limits.resident_bytes = 4096ull << 20;
    run.outcome.end = ChildEnd::exited;
    run.outcome.exit_code = 0;
    run.events = parse_worker_events(events);
    return run;
}

json device() {
    return {{"event", "device"}, {"label", "PoCL"}, {"platform", "Portable Computing Language"}, {"class", "cpu"}};
}
json built() {
    return {
        {"event", "build"}, {"ok", true}, {"warnings", ""}, {"defines", json::array({json::array({"TILE_SIZE", "16"})})}, {"kernels", {"transpose"}}};
}
json start(const std::string& size) {
    return {{"event", "check-start"}, {"size", size}, {"seed", 1}, {"hidden", false}};
}
json check(const std::string& size, bool ok, const std::string& problem = "") {
    return {{"event", "check"}, {"size", size}, {"seed", 1}, {"hidden", false}, {"ok", ok}, {"problem", problem}};
}

}  // namespace

TEST_CASE("build: lines left out of what was compiled are a warning with full points, each named") {
    Fixture f;
    auto one = built();
    one["left_out"] = {"line 2: `#include <x.cl>` left out: it is inside `#ifdef __CLION_IDE__` (line 1), a branch "
                       "this build does not take"};
    const auto warn = evaluate_build(f.lab, check_run({device(), one}));
    CHECK(warn.verdict == Verdict::warn);
    CHECK(warn.points == 1.0);
    CHECK(warn.reason == "builds; line 2: `#include <x.cl>` left out: it is inside `#ifdef __CLION_IDE__` (line 1), "
                         "a branch this build does not take");
    CHECK(warn.details.find("this costs no points") != std::string::npos);

    auto two = built();
    two["left_out"] = {"line 2: `#include <x.cl>` left out: ...", "line 5: `#line 6` left out: ..."};
    two["warnings"] = "transpose.cl:3:5: warning: unused variable 'x'";
    const auto both = evaluate_build(f.lab, check_run({device(), two}));
    CHECK(both.verdict == Verdict::warn);
    CHECK(both.reason == "builds, with compiler warnings (see details)");
    CHECK(both.details.find("  line 5: `#line 6` left out") != std::string::npos);
    CHECK(both.details.find("unused variable") != std::string::npos);

    auto plain = built();
    plain["left_out"] = {"a", "b"};
    CHECK(evaluate_build(f.lab, check_run({device(), plain})).reason ==
          "builds; 2 preprocessor lines left out of what was compiled (see details)");
}

TEST_CASE("build: pass, warnings, and each kind of failure named as such") {
    Fixture f;
    const auto ok = evaluate_build(f.lab, check_run({device(), built()}));
    CHECK(ok.verdict == Verdict::pass);
    CHECK(ok.points == 1.0);
    CHECK(ok.reason == "builds with TILE_SIZE=16");

    auto boilerplate = built();
    boilerplate["warnings"] =
        "(): Warning: Function transpose is a kernel, so overriding noinline attribute. The "
        "function may be inlined when called.\n\n";
    CHECK(evaluate_build(f.lab, check_run({device(), boilerplate})).verdict == Verdict::pass);

    auto warned = built();
    warned["warnings"] = "transpose.cl:3:5: warning: unused variable 'x'";
    const auto warn = evaluate_build(f.lab, check_run({device(), warned}));
    CHECK(warn.verdict == Verdict::warn);
    CHECK(warn.points == 1.0);
    CHECK(warn.details.find("unused variable") != std::string::npos);

    // PoCL may log one build's diagnostics twice (its cache): each is said once.
    auto twice = built();
    twice["warnings"] =
        "transpose.cl:3:5: warning: unused variable 'x'\n  int x;\n      ^\n"
        "transpose.cl:3:5: warning: unused variable 'x'\n  int x;\n      ^\n"
        "transpose.cl:4:5: warning: unused variable 'y'\n";
    const std::string once = evaluate_build(f.lab, check_run({device(), twice})).details;
    CHECK(once == "The compiler warned:\ntranspose.cl:3:5: warning: unused variable 'x'\n  int x;\n      ^\n"
                  "transpose.cl:4:5: warning: unused variable 'y'\n");

    const json compile{
        {"event", "build"},
        {"ok", false},
        {"kind", "compile-error"},
        {"line", 14},
        {"log",
         "error: submissions/alice/02-transpose-local/transpose.cl:14:5: use of undeclared identifier 'tile_size'"},
        {"message", "full message"},
        {"happened", "the kernel did not compile"}};
    const auto failed = evaluate_build(f.lab, check_run({device(), compile}));
    CHECK(failed.verdict == Verdict::fail);
    CHECK(failed.points == 0.0);
    CHECK(failed.reason ==
          "does not compile: line 14: submissions/alice/02-transpose-local/transpose.cl:14:5: use of "
          "undeclared identifier 'tile_size'");

    const json missing{
        {"event", "build"}, {"ok", false}, {"kind", "missing-kernel"}, {"happened", "the file defines only: t2"}};
    CHECK(evaluate_build(f.lab, check_run({device(), missing})).reason == "missing kernel: the file defines only: t2");
    const json signature{{"event", "build"},
                         {"ok", false},
                         {"kind", "wrong-signature"},
                         {"happened", "the kernel takes 3 parameters instead of 4"}};
    CHECK(evaluate_build(f.lab, check_run({device(), signature})).reason ==
          "wrong signature: the kernel takes 3 parameters instead of 4");
    const json unreadable{{"event", "build"},
                          {"ok", false},
                          {"kind", "unreadable-file"},
                          {"file", "x/transpose.cl"},
                          {"happened", "this path is a directory"}};
    CHECK(evaluate_build(f.lab, check_run({device(), unreadable})).reason ==
          "kernel file x/transpose.cl: this path is a directory");
}

TEST_CASE("correctness: points in proportion, the first wrong size in full, a way to reproduce it") {
    Fixture f;
    const auto all =
        evaluate_correctness(f.lab, check_run({device(), built(), start("1x1"), check("1x1", true), start("37x50"),
                                               check("37x50", true), start("17x33"), check("17x33", true)}));
    CHECK(all.verdict == Verdict::pass);
    CHECK(all.points == 4.0);
    CHECK(all.reason == "right at all 3 sizes (1 of them hidden)");

    const auto some = evaluate_correctness(
        f.lab,
        check_run({device(), built(), start("1x1"), check("1x1", true), start("37x50"),
                   check("37x50", false, "at[3][1] (row 3, column 1 of 50×37) was never written: expected 0.5. More."),
                   start("17x33"), check("17x33", true)}));
    CHECK(some.verdict == Verdict::fail);
    CHECK(some.points == doctest::Approx(2.67));
    CHECK(some.reason == "2/3 sizes right; 37x50: at[3][1] was never written: expected 0.5.");
    CHECK(
        some.details.find("reproduce: build/common/lab run 02 --size 37x50 --seed 1 --submission submissions/alice") !=
        std::string::npos);
}

TEST_CASE("correctness: a failure that reads the same at every size is said in full once, then the sizes named") {
    Fixture f;
    const auto nothing = [](const std::string& size) {
        json event = check(size, false, "at[0][0] was never written: expected 0.5. 1 of 1 wrong. Long hint.");
        event["repeating"] = "no element of at was written";
        return event;
    };
    auto run = check_run({device(), built(), start("1x1"), nothing("1x1"), start("37x50"), nothing("37x50"),
                          start("17x33"), nothing("17x33")});
    const auto r = evaluate_correctness(f.lab, run);
    CHECK(r.verdict == Verdict::fail);
    CHECK(r.points == 0.0);
    CHECK(r.details.find("size 1x1 (seed 1): at[0][0] was never written: expected 0.5. 1 of 1 wrong. Long hint.") !=
          std::string::npos);
    CHECK(r.details.find("also wrong at sizes 37x50 and 17x33 (hidden): no element of at was written, as at 1x1.") !=
          std::string::npos);
    CHECK(r.details.find("Long hint", r.details.find("Long hint") + 1) == std::string::npos);  // said once

    // A different failure between them keeps its own line; the repeats still gather into one.
    auto mixed = check_run({device(), built(), start("1x1"), nothing("1x1"), start("37x50"),
                            check("37x50", false, "at[3][1] is 2: expected 0.5. More."), start("17x33"),
                            nothing("17x33")});
    const auto m = evaluate_correctness(f.lab, mixed);
    CHECK(m.details.find("also wrong at size 37x50 (seed 1): at[3][1] is 2: expected 0.5.") != std::string::npos);
    CHECK(m.details.find("also wrong at size 17x33 (hidden): no element of at was written, as at 1x1.") !=
          std::string::npos);
}

TEST_CASE("correctness: a crash, a hang and the memory limit, named with the size they happened at") {
    Fixture f;
    auto crashed = check_run({device(), built(), start("1x1"), check("1x1", true), start("37x50")});
    crashed.outcome.end = ChildEnd::killed_by_signal;
    crashed.outcome.signal = SIGSEGV;
    const auto crash = evaluate_correctness(f.lab, crashed);
    CHECK(crash.verdict == Verdict::fail);
    CHECK(crash.points == doctest::Approx(1.33));
    CHECK(crash.details.find("the kernel crashed the OpenCL runtime (signal 11, SIGSEGV") == 0);
    CHECK(crash.details.find("while checking size 37x50 (seed 1)") != std::string::npos);
    CHECK(crash.details.find("1 more size(s) were not checked") != std::string::npos);

    auto hung = check_run({device(), built(), start("1x1")});
    hung.outcome.end = ChildEnd::timed_out;
    const auto hang = evaluate_correctness(f.lab, hung);
    CHECK(hang.reason.find("timed out after 5 s while checking size 1x1 (seed 1)") != std::string::npos);

    auto hog = check_run({device(), built(), start("1x1")});
    hog.outcome.end = ChildEnd::over_memory;
    CHECK(evaluate_correctness(f.lab, hog).details.find("used more than the memory limit of 4096 MiB") !=
          std::string::npos);

    auto out_of_memory = check_run({device(), built(), start("1x1")});
    out_of_memory.outcome.exit_code = kWorkerOutOfMemory;
    CHECK(evaluate_correctness(f.lab, out_of_memory).details.find("ran out of memory") != std::string::npos);
}

TEST_CASE("a worker that could not start is the grader's problem, not the student's") {
    Fixture f;
    auto run = check_run({});
    run.outcome.end = ChildEnd::failed_to_start;
    run.outcome.start_error = "could not run labcheck: Permission denied";
    const auto build = evaluate_build(f.lab, run);
    CHECK(build.verdict == Verdict::error);
    CHECK(build.reason.find("grader error: the grader could not start its worker process") == 0);
}

TEST_CASE("barriers: static and Oclgrind findings together") {
    Fixture f;
    UnitRun static_run;
    static_run.job.kind = JobKind::static_analysis;
    static_run.outcome.end = ChildEnd::exited;
    static_run.events = parse_worker_events({{{"event", "static"},
                          {"findings",
                           {{{"error", true},
                             {"rule", "divergent-exit-before-barrier"},
                             {"file", "t.cl"},
                             {"line", 20},
                             {"column", 5},
                             {"message", "return before the barrier"}}}}}});
    UnitRun dynamic = check_run({device(), built(), start("1x1"), check("1x1", true), start("17x33"),
                                 check("17x33", true)},
                                0);
    dynamic.job.kind = JobKind::dynamic;
    std::get<DeviceEvent>(dynamic.events.list[0]).platform = "Oclgrind";
    dynamic.job.checks = {{"1x1", 1, false}, {"17x33", 1, false}};
    const auto failed = evaluate_barriers(f.lab, static_run, &dynamic);
    CHECK(failed.verdict == Verdict::fail);
    CHECK(failed.reason == "line 20: return or break on a work-item-dependent condition before a barrier");
    REQUIRE(failed.findings.size() == 1);
    CHECK(failed.findings[0].line == 20);

    static_run.events = parse_worker_events({{{"event", "static"}, {"findings", json::array()}}});
    const auto clean = evaluate_barriers(f.lab, static_run, &dynamic);
    CHECK(clean.verdict == Verdict::pass);
    CHECK(clean.points == 3.0);
    CHECK(clean.reason == "no barrier problems (static analysis; Oclgrind at 1x1, 17x33)");

    dynamic.outcome.end = ChildEnd::timed_out;
    const auto hung = evaluate_barriers(f.lab, static_run, &dynamic);
    CHECK(hung.verdict == Verdict::fail);
    CHECK(hung.findings[0].rule == "oclgrind-timeout");

    // No Oclgrind installed: a check that did not run cannot pass, and it is not the student's doing.
    const auto static_only = evaluate_barriers(f.lab, static_run, nullptr);
    CHECK(static_only.verdict == Verdict::error);
    CHECK(static_only.points == 0.0);
    CHECK(static_only.details.find("Oclgrind is not installed") != std::string::npos);
    dynamic.outcome.end = ChildEnd::exited;
    std::get<DeviceEvent>(dynamic.events.list[0]).platform = "Portable Computing Language";
    CHECK(evaluate_barriers(f.lab, static_run, &dynamic).verdict == Verdict::error);  // Oclgrind did not take over
}

namespace {

UnitRun at_set(UnitRun run, const std::string& name, const std::vector<std::pair<std::string, std::string>>& defines) {
    run.job.define_set = name;
    for (const auto& [define, value] : defines) run.job.defines.set(define, value);
    return run;
}

json wrong(const std::string& size) {
    return check(size, false, "at[0][1] (row 0, column 1 of 1×1) was never written: expected 0.5. More.");
}

}  // namespace

TEST_CASE("correctness at several define sets: every check counts, failures name the set and its -D") {
    Fixture f;
    const auto right = at_set(check_run({device(), built(), start("1x1"), check("1x1", true), start("37x50"),
                                         check("37x50", true), start("17x33"), check("17x33", true)}),
                              "defaults", {{"TILE_SIZE", "16"}});
    const auto small = at_set(check_run({device(), built(), start("1x1"), check("1x1", true), start("37x50"),
                                         wrong("37x50"), start("17x33"), check("17x33", true)}),
                              "small tiles", {{"TILE_SIZE", "8"}});
    const auto both = evaluate_correctness(f.lab, std::vector<SetRuns>{{&right, nullptr}, {&small, nullptr}});
    CHECK(both.verdict == Verdict::fail);
    CHECK(both.points == doctest::Approx(3.33));  // 5 of 6 checks
    CHECK(both.reason == "5/6 checks right; 37x50 at 'small tiles': at[0][1] was never written: expected 0.5.");
    CHECK(both.details.find("size 37x50 (seed 1) at define set 'small tiles' (-D TILE_SIZE=8)") != std::string::npos);
    CHECK(both.details.find("reproduce: build/common/lab run 02 --size 37x50 --seed 1 --submission "
                            "submissions/alice -D TILE_SIZE=8") != std::string::npos);

    const auto all = evaluate_correctness(f.lab, std::vector<SetRuns>{{&right, nullptr}, {&right, nullptr}});
    CHECK(all.verdict == Verdict::pass);
    CHECK(all.reason.find("right at all 6 checks at 2 define sets") == 0);
}

TEST_CASE("correctness: a set the device cannot run is a warning, left out of the score, never a silent pass") {
    Fixture f;
    const auto right = at_set(check_run({device(), built(), start("1x1"), check("1x1", true), start("37x50"),
                                         check("37x50", true), start("17x33"), check("17x33", true)}),
                              "defaults", {{"TILE_SIZE", "16"}});
    const auto too_big = at_set(check_run({device(),
                                           built(),
                                           {{"event", "set-skipped"},
                                            {"define_set", "huge"},
                                            {"reason", "its work-groups of 64 × 64 = 4096 work-items are more"}}}),
                                "huge", {{"TILE_SIZE", "64"}});
    const auto r = evaluate_correctness(f.lab, std::vector<SetRuns>{{&right, nullptr}, {&too_big, nullptr}});
    CHECK(r.verdict == Verdict::warn);
    CHECK(r.points == 4.0);
    CHECK(r.details.find("define set 'huge' (-D TILE_SIZE=64) was not checked on this device") != std::string::npos);
}

TEST_CASE("correctness: a result that changed between identical runs fails that size") {
    Fixture f;
    auto unstable = check("1x1", false, "the result changed between two identical runs: undefined behaviour such as");
    unstable["unstable"] = true;
    const auto r = evaluate_correctness(f.lab, check_run({device(), built(), start("1x1"), unstable, start("37x50"),
                                                          check("37x50", true), start("17x33"), check("17x33", true)}));
    CHECK(r.verdict == Verdict::fail);
    CHECK(r.reason.find("the result changed between two identical runs") != std::string::npos);
}

TEST_CASE("correctness: wrong on PoCL but right with its other work-group compiler is PoCL's bug, said so") {
    Fixture f;
    const auto pocl = at_set(check_run({device(), built(), start("1x1"), wrong("1x1"), start("37x50"), wrong("37x50"),
                                        start("17x33"), check("17x33", true)}),
                             "cpu defaults", {{"TILE_SIZE", "16"}});
    auto cbs = at_set(
        check_run({device(), built(), start("1x1"), check("1x1", true), start("37x50"), check("37x50", true)}, 2),
        "cpu defaults", {{"TILE_SIZE", "16"}});
    cbs.job.pocl_work_group_method = "cbs";
    const auto miscompiled = evaluate_correctness(f.lab, std::vector<SetRuns>{{&pocl, &cbs}});
    CHECK(miscompiled.verdict == Verdict::warn);
    CHECK(miscompiled.points == 4.0);
    CHECK(miscompiled.details.find("That is a bug of the OpenCL runtime") != std::string::npos);

    // Still wrong the other way: the kernel's mistake.
    auto still_wrong =
        at_set(check_run({device(), built(), start("1x1"), wrong("1x1"), start("37x50"), check("37x50", true)}, 2),
               "cpu defaults", {{"TILE_SIZE", "16"}});
    const auto kernel_bug = evaluate_correctness(f.lab, std::vector<SetRuns>{{&pocl, &still_wrong}});
    CHECK(kernel_bug.verdict == Verdict::fail);
    CHECK(kernel_bug.points == doctest::Approx(1.33));

    // A result that changed between runs is never excused.
    auto unstable = wrong("1x1");
    unstable["unstable"] = true;
    const auto flaky = at_set(check_run({device(), built(), start("1x1"), unstable, start("37x50"), wrong("37x50"),
                                         start("17x33"), check("17x33", true)}),
                              "cpu defaults", {{"TILE_SIZE", "16"}});
    CHECK(evaluate_correctness(f.lab, std::vector<SetRuns>{{&flaky, &cbs}}).verdict == Verdict::fail);
}

TEST_CASE("barriers: a size Oclgrind could not run is a warning, and sets left out are named") {
    Fixture f;
    UnitRun static_run;
    static_run.job.kind = JobKind::static_analysis;
    static_run.outcome.end = ChildEnd::exited;
    static_run.events = parse_worker_events({{{"event", "static"}, {"findings", json::array()}}});
    auto refused = check("17x33", false, "the OpenCL runtime reported CL_OUT_OF_RESOURCES");
    refused["ran"] = false;
    UnitRun dynamic = at_set(check_run({device(), built(), start("17x33"), refused}, 0), "cpu defaults", {});
    dynamic.job.kind = JobKind::dynamic;
    std::get<DeviceEvent>(dynamic.events.list[0]).platform = "Oclgrind";
    dynamic.job.checks = {{"17x33", 1, false}};
    DynamicRuns runs;
    runs.runs = {&dynamic};
    runs.planned = 1;
    const auto r = evaluate_barriers(f.lab, static_run, runs);
    CHECK(r.verdict == Verdict::fail);  // the one size to check was not checked: nothing scores
    CHECK(r.points == 0.0);
    CHECK(r.reason.find("Oclgrind checked only 0 of 1 sizes") != std::string::npos);
    REQUIRE(!r.findings.empty());
    CHECK(r.findings[0].rule == "oclgrind-not-run");
    CHECK(r.findings[0].message.find("CL_OUT_OF_RESOURCES") != std::string::npos);

    UnitRun clean = dynamic;
    clean.events = parse_worker_events({built(), start("17x33"), check("17x33", true)});
    clean.events.list.insert(clean.events.list.begin(), dynamic.events.list[0]);
    runs.runs = {&clean};
    runs.left_out = {"'two levels' (too large to simulate)"};
    const auto partial = evaluate_barriers(f.lab, static_run, runs);
    CHECK(partial.verdict == Verdict::pass);
    CHECK(partial.reason.find("not at 'two levels' (too large to simulate)") != std::string::npos);
}

TEST_CASE("speedup: the ratio against the threshold, both times reported") {
    Fixture f;
    f.spec.speedup = course::SpeedupSpec{};
    f.spec.speedup->baseline_file = "baselines/transpose_naive.cl";
    UnitRun run = check_run({device(),
                             built(),
                             {{"event", "timing"},
                              {"size", "2048x2048"},
                              {"baseline_seconds", 0.004},
                              {"submission_seconds", 0.002},
                              {"repetitions", 9}}});
    run.job.kind = JobKind::speedup;
    const auto pass = evaluate_speedup(f.lab, run, 0.0001);
    CHECK(pass.verdict == Verdict::pass);
    CHECK(pass.points == 2.0);
    CHECK(*pass.ratio == doctest::Approx(2.0));
    // The reason and the details name the define set that was timed, and its defines.
    CHECK(pass.reason == "2.00× the baseline (needs 0.0001×) at 'defaults': 2.000 ms vs 4.000 ms");
    CHECK(pass.details.find("At size 2048x2048 with define set 'defaults' (-D TILE_SIZE=16): your kernel") !=
          std::string::npos);
    f.spec.define_sets = {{"cpu defaults", {}, ""}};
    CHECK(evaluate_speedup(f.lab, run, 0.0001).reason.find("at 'cpu defaults':") != std::string::npos);
    UnitRun with_d = run;
    with_d.job.defines.set("TILE_SIZE", "16");
    CHECK(evaluate_speedup(f.lab, with_d, 0.0001).reason.find("at 'command line':") != std::string::npos);
    // The worker says when this device's tuned.toml entry set the timed defines (tuned_defaults.hpp).
    UnitRun tuned = check_run({device(), built(),
                               {{"event", "timing"}, {"size", "2048x2048"}, {"baseline_seconds", 0.004},
                                {"submission_seconds", 0.002}, {"repetitions", 9},
                                {"tuned_file", "labs/02-transpose-local/tuned.toml"}}});
    tuned.job.kind = JobKind::speedup;
    CHECK(evaluate_speedup(f.lab, tuned, 0.0001).reason.find("at 'this device's tuned defaults':") !=
          std::string::npos);
    const auto fail = evaluate_speedup(f.lab, run, 1e9);
    CHECK(fail.verdict == Verdict::fail);
    CHECK(fail.points == 0.0);
    CHECK(fail.details.find("kernels/baselines/transpose_naive.cl 4.000 ms") != std::string::npos);
}

TEST_CASE("speedup: a CPU product's share is of the CPU limit, and a share that says nothing is left out, saying why") {
    Fixture f;
    f.spec.speedup = course::SpeedupSpec{};
    f.spec.speedup->baseline_file = "baselines/matmul_naive.cl";
    const json timing = {{"event", "timing"},
                         {"size", "512"},
                         {"baseline_seconds", 0.8},
                         {"submission_seconds", 0.06},
                         {"repetitions", 5}};
    const json shared = {{"event", "rate"}, {"rate", 40.0}, {"unit", "GFLOP/s"}, {"ceiling_name", "FMA peak"},
                         {"ceiling", 184.0}, {"cpu_limit", true}};
    UnitRun run = check_run({device(), built(), timing, shared});
    run.job.kind = JobKind::speedup;
    const auto with_share = evaluate_speedup(f.lab, run, 0.0001);
    REQUIRE(with_share.ceiling);
    CHECK(*with_share.ceiling == 184.0);
    CHECK(with_share.ceiling_name == "CPU limit");
    CHECK(with_share.details.find("No share") == std::string::npos);

    const json left_out = {{"event", "rate"}, {"rate", 190.0}, {"unit", "GFLOP/s"}, {"ceiling_name", "FMA peak"},
                           {"ceiling_error", "share not meaningful on a CPU: 103% is above the limit, which measured "
                                             "low in this run"},
                           {"cpu_limit", true}};
    UnitRun noisy = check_run({device(), built(), timing, left_out});
    noisy.job.kind = JobKind::speedup;
    const auto without = evaluate_speedup(f.lab, noisy, 0.0001);
    CHECK_FALSE(without.ceiling);
    CHECK(without.verdict == Verdict::pass);  // the share never changes the verdict
    CHECK(without.details.find("No share of the device's limit is given: share not meaningful on a CPU: 103%") !=
          std::string::npos);
}

TEST_CASE("speedup: a wrong timed result earns nothing, whatever the times, and says so") {
    Fixture f;
    f.spec.speedup = course::SpeedupSpec{};
    f.spec.speedup->baseline_file = "baselines/transpose_naive.cl";
    const json wrong{{"event", "wrong-result"},
                     {"who", "submission"},
                     {"size", "2048x2048"},
                     {"seed", 5},
                     {"hidden", false},
                     {"launch", 2},
                     {"message", "at[0][0] was never written."}};
    UnitRun run = check_run({device(), built(), wrong});
    run.job.kind = JobKind::speedup;
    const auto result = evaluate_speedup(f.lab, run, 0.0001);
    CHECK(result.verdict == Verdict::fail);
    CHECK(result.points == 0.0);
    CHECK(result.reason == "wrong at the timed size 2048x2048: speed counts only for work done");
    CHECK(result.details.find("The kernel's result at the timed size 2048x2048 was wrong (the 2nd timed launch): "
                              "at[0][0] was never written.") != std::string::npos);
    CHECK(result.details.find("lab run 02 --size 2048x2048") != std::string::npos);

    // The course's own baseline computing a wrong result is the grader's problem.
    json baseline_wrong = wrong;
    baseline_wrong["who"] = "baseline";
    UnitRun baseline_run = check_run({device(), built(), baseline_wrong});
    baseline_run.job.kind = JobKind::speedup;
    CHECK(evaluate_speedup(f.lab, baseline_run, 0.0001).verdict == Verdict::error);
    // ... but with baseline = "self" it is the student's own kernel, at other defines.
    f.spec.speedup->baseline_file = "self";
    const auto self = evaluate_speedup(f.lab, baseline_run, 0.0001);
    CHECK(self.verdict == Verdict::fail);
    CHECK(self.details.find("The baseline (your own kernels") != std::string::npos);
}

TEST_CASE("barriers: a file the static analysis cannot read is judged by Oclgrind alone, or fails") {
    Fixture f;
    UnitRun static_run;
    static_run.job.kind = JobKind::static_analysis;
    static_run.outcome.end = ChildEnd::exited;
    static_run.events = parse_worker_events({{{"event", "static"},
                          {"kernels", json::array()},
                          {"findings",
                           {{{"error", true},
                             {"rule", "parse-error"},
                             {"file", "t.cl"},
                             {"line", 3},
                             {"column", 1},
                             {"message", "line 3: expected ';'"}}}}}});
    UnitRun dynamic = check_run({device(), built(), start("1x1"), check("1x1", true)}, 0);
    dynamic.job.kind = JobKind::dynamic;
    std::get<DeviceEvent>(dynamic.events.list[0]).platform = "Oclgrind";
    dynamic.job.checks = {{"1x1", 1, false}};

    // Oclgrind finished and found nothing: it alone passes the stage, and says so.
    const auto alone = evaluate_barriers(f.lab, static_run, &dynamic);
    CHECK(alone.verdict == Verdict::warn);
    CHECK(alone.points == 3.0);
    CHECK(alone.reason.find("judged by Oclgrind alone") != std::string::npos);

    // Neither check could judge: Oclgrind was not run, or stopped early. The stage fails with why.
    DynamicRuns not_run;
    not_run.planned = 1;
    not_run.unchecked = {"not at 'defaults' 1x1: the kernel did not finish a check on the graded device there"};
    const auto neither = evaluate_barriers(f.lab, static_run, not_run);
    CHECK(neither.verdict == Verdict::fail);
    CHECK(neither.points == 0.0);
    CHECK(neither.reason == "neither barrier check could judge the kernel");
    CHECK(neither.details.find("plain OpenCL C 1.2") != std::string::npos);
    auto crashed = dynamic;
    crashed.outcome.end = ChildEnd::killed_by_signal;
    crashed.outcome.signal = SIGSEGV;
    CHECK(evaluate_barriers(f.lab, static_run, &crashed).verdict == Verdict::fail);
    CHECK(evaluate_barriers(f.lab, static_run, nullptr).verdict == Verdict::error);  // no Oclgrind: the grader's

    // The static analysis parsed the file but did not see a kernel the compiler built: blind too.
    static_run.events = parse_worker_events({{{"event", "static"}, {"kernels", {"decoy"}}, {"findings", json::array()}}});
    std::get<BuildEvent>(dynamic.events.list[1]).kernels = {"transpose"};
    const auto hidden = evaluate_barriers(f.lab, static_run, &dynamic);
    CHECK(hidden.verdict == Verdict::warn);
    CHECK(hidden.details.find("did not see the kernel transpose") != std::string::npos);
}

TEST_CASE("crash messages name what the signal means and what the child was doing") {
    Fixture f;
    const auto crash = [&](int signal, std::vector<json> events) {
        auto run = check_run(std::move(events));
        run.outcome.end = ChildEnd::killed_by_signal;
        run.outcome.signal = signal;
        run.limits.file_bytes = 32ull << 20;
        return evaluate_correctness(f.lab, run).details + evaluate_build(f.lab, run).details;
    };
    const std::string abort_building = crash(SIGABRT, {device()});
    CHECK(abort_building.find("the OpenCL compiler aborted (signal 6, SIGABRT) while building the kernel") !=
          std::string::npos);
    CHECK(abort_building.find("outside a buffer") == std::string::npos);
    const std::string flood = crash(SIGXFSZ, {device(), built(), start("1x1")});
    CHECK(flood.find("output passed the grader's limit of 32 MiB (signal 25, SIGXFSZ) while checking size 1x1") !=
          std::string::npos);
    CHECK(flood.find("printf") != std::string::npos);
    CHECK(flood.find("outside a buffer") == std::string::npos);
    // A runtime that crashes while opening the device: the machine's problem, said so, never the kernel's.
    const std::string opening = crash(SIGSEGV, {});
    CHECK(opening.find("the OpenCL runtime crashed (signal 11, SIGSEGV) while opening the device, before the kernel "
                       "file was read") != std::string::npos);
    CHECK(opening.find("outside a buffer") == std::string::npos);
    {
        auto run = check_run({});
        run.outcome.end = ChildEnd::killed_by_signal;
        run.outcome.signal = SIGSEGV;
        CHECK(evaluate_correctness(f.lab, run).verdict == Verdict::error);
    }
    const std::string segv = crash(SIGSEGV, {device(), built(), start("1x1")});
    CHECK(segv.find("far outside a buffer") != std::string::npos);
    CHECK(segv.find("misaligned") == std::string::npos);
    // A kernel with vector types: the crash may be a misaligned vector access, and the message says how.
    auto with_float4 = built();
    with_float4["vector_type"] = "float4";
    with_float4["vector_line"] = 66;
    const std::string vector_segv = crash(SIGSEGV, {device(), with_float4, start("1x1")});
    CHECK(vector_segv.find("or a vector at a misaligned address") != std::string::npos);
    CHECK(vector_segv.find("Your kernel uses float4 (line 66)") != std::string::npos);
    CHECK(vector_segv.find("multiple of 16 bytes") != std::string::npos);
    CHECK(crash(SIGXFSZ, {device()}).find("the OpenCL compiler wrote a file past the grader's limit") !=
          std::string::npos);
    CHECK(crash(SIGFPE, {device(), built(), start("1x1")}).find("division") != std::string::npos);
    CHECK(crash(SIGKILL, {device(), built(), start("1x1")}).find("killed from outside") != std::string::npos);

    auto stalled = check_run({device(), built(), start("1x1")});
    stalled.outcome.end = ChildEnd::timed_out;
    stalled.outcome.stalled = true;
    stalled.outcome.stalled_step = {StepKind::launch, "\"event\":\"check-start\"", 10, StepClock::wall, 0, false};
    stalled.outcome.stalled_step_seconds = 10.1;
    CHECK(evaluate_correctness(f.lab, stalled).reason.find("timed out: one launch of the kernel ran for more than 10 "
                                                           "s while checking size 1x1") != std::string::npos);
    stalled.outcome.stalled_step.clock = StepClock::busiest_thread_cpu;
    stalled.outcome.stalled_step.wall_backstop_seconds = 100;
    stalled.outcome.stalled_step_wall_seconds = 37.2;  // a busy machine: more time on the clock than processor time
    // Both clocks are said, so that the stop is within the limit the message states, however busy the machine.
    CHECK(evaluate_correctness(f.lab, stalled).details.find("ran for more than 10 s of processor time (stopped after "
                                                            "37 s on the clock; the clock's limit is 100 s): processor "
                                                            "time is counted") != std::string::npos);
    stalled.outcome.stalled_on_wall_backstop = true;  // the wall backstop stopped it: said as wall time
    stalled.outcome.stalled_step_wall_seconds = 100.2;
    CHECK(evaluate_correctness(f.lab, stalled).details.find("ran for more than 100 s on the clock, with less than 10 s "
                                                            "of processor time: it waited rather than ran") !=
          std::string::npos);
    auto files = check_run({device(), built(), start("1x1")});
    files.outcome.end = ChildEnd::over_files;
    files.limits.folder_bytes = 96ull << 20;
    CHECK(evaluate_correctness(f.lab, files).details.find("more than 96 MiB of output") != std::string::npos);
}

TEST_CASE("correctness: a hang costs the sizes it stopped, said as not run, never as wrong") {
    // 6 sizes: right at 1x1, a hang at the second, four never run.
    Fixture f;
    auto hung = check_run({device(), built(), start("1x1"), check("1x1", true), start("37x50")}, 6);
    hung.outcome.end = ChildEnd::timed_out;
    hung.outcome.stalled = true;
    hung.outcome.stalled_step = {StepKind::launch, "\"event\":\"check-start\"", 10, StepClock::wall, 0, false};
    hung.outcome.stalled_step_seconds = 10.1;
    const auto hang = evaluate_correctness(f.lab, hung);
    INFO(hang.reason);
    INFO(hang.details);
    CHECK(hang.verdict == Verdict::fail);
    CHECK(hang.points == doctest::Approx(0.67));  // 1 of 6 right: the sizes not run score nothing
    CHECK(hang.reason.find("1/6 sizes right, 4 not run after the worker stopped; timed out") == 0);
    CHECK(hang.details.find("4 more size(s) were not checked after it: not run") != std::string::npos);
    CHECK(hang.details.find("wrong at") == std::string::npos);
}

TEST_CASE("worker events: each struct comes back from its JSON line as it was written") {
    CheckEvent check_event;
    check_event.check = {"37x50", 7, true};
    check_event.repeating = "every element of c was 0";
    check_event.ok = false;
    check_event.ran = false;
    check_event.problem = "at[0][1] was never written";
    const auto back = std::get<CheckEvent>(event_from_json(event_to_json(check_event)));
    CHECK(back.check.size == "37x50");
    CHECK(back.check.seed == 7);
    CHECK(back.check.hidden);
    CHECK(!back.ok);
    CHECK(!back.ran);
    CHECK(back.problem == "at[0][1] was never written");
    CHECK(back.repeating == "every element of c was 0");
    CHECK(event_to_json(check_event).at("event") == "check");

    BuildEvent failed;
    failed.failure = BuildFailure::compile_error;
    failed.line = 14;
    failed.log = "error: x";
    const auto built_back = std::get<BuildEvent>(event_from_json(event_to_json(failed)));
    CHECK(built_back.failure == BuildFailure::compile_error);
    CHECK(built_back.line == 14);
    CHECK(event_to_json(failed).at("kind") == "compile-error");

    const auto device_back =
        std::get<DeviceEvent>(event_from_json(event_to_json(DeviceEvent{"GPU", "NVIDIA CUDA", course::DeviceClass::gpu})));
    CHECK(device_back.device_class == course::DeviceClass::gpu);
    CHECK(event_to_json(DeviceEvent{"GPU", "NVIDIA CUDA", course::DeviceClass::gpu}).at("class") == "gpu");

    BuildEvent built_with;
    built_with.ok = true;
    built_with.defines.set("TILE_SIZE", "16");
    built_with.defines.set("WPT", "4");
    const auto defines_back = std::get<BuildEvent>(event_from_json(event_to_json(built_with))).defines;
    CHECK(defines_back.summary() == "TILE_SIZE=16 WPT=4");
    CHECK(std::holds_alternative<DoneEvent>(event_from_json({{"event", "done"}})));
}

TEST_CASE("job file: defines and the device class cross to the child typed, in the order given") {
    WorkerJob job;
    job.kind = JobKind::check;
    job.device_class = course::DeviceClass::gpu;
    job.defines.set("TILE_SIZE", "16");
    job.defines.set("A", "2");
    const json written = job_to_json(job);
    CHECK(written.at("device_class") == "gpu");
    CHECK(written.at("defines") == json::array({json::array({"TILE_SIZE", "16"}), json::array({"A", "2"})}));
    const WorkerJob back = job_from_json(written);
    CHECK(back.device_class == course::DeviceClass::gpu);
    CHECK(back.defines.summary() == "TILE_SIZE=16 A=2");
    CHECK(back.min_ratio == 0.0);  // a check job's: no threshold to end a timing early
    job.kind = JobKind::speedup;
    job.min_ratio = 1.5;
    CHECK(job_from_json(job_to_json(job)).min_ratio == 1.5);
    json unknown_class = written;
    unknown_class["device_class"] = "tpu";
    CHECK_THROWS_AS(job_from_json(unknown_class), std::exception);
}

TEST_CASE("worker events: a malformed event is a grader error, never a pass and never an exception") {
    Fixture f;
    const std::vector<json> good{device(), built(), start("1x1"), check("1x1", true), start("37x50"),
                                 check("37x50", true), start("17x33"), check("17x33", true)};
    REQUIRE(evaluate_correctness(f.lab, check_run(good)).verdict == Verdict::pass);

    auto not_a_bool = good;
    not_a_bool[3]["ok"] = "yes";  // a field of the wrong type
    auto no_verdict = good;
    no_verdict[5].erase("ok");  // a required field missing
    auto unknown = good;
    unknown.push_back({{"event", "all-passed"}});  // an event no worker writes
    auto bad_kind = good;
    bad_kind[1] = {{"event", "build"}, {"ok", false}, {"kind", "fine-really"}};  // an enum out of range
    auto not_an_object = good;
    not_an_object.push_back(json::array({1, 2}));
    for (const auto& events : {not_a_bool, no_verdict, unknown, bad_kind, not_an_object}) {
        const auto run = check_run(events);
        CHECK(!run.events.unreadable.empty());
        CHECK(!run.ended_normally());
        const auto correctness = evaluate_correctness(f.lab, run);
        CHECK(correctness.verdict == Verdict::error);
        CHECK(correctness.points == 0.0);
        const auto build = evaluate_build(f.lab, run);
        CHECK(build.verdict == Verdict::error);
        CHECK(build.details.find("cannot read") != std::string::npos);
    }

    UnitRun static_run;
    static_run.job.kind = JobKind::static_analysis;
    static_run.outcome.end = ChildEnd::exited;
    static_run.events = parse_worker_events({{{"event", "static"}, {"findings", 3}}});
    UnitRun dynamic = check_run({device(), built()}, 0);
    dynamic.job.kind = JobKind::dynamic;
    std::get<DeviceEvent>(dynamic.events.list[0]).platform = "Oclgrind";
    CHECK(evaluate_barriers(f.lab, static_run, &dynamic).verdict == Verdict::error);

    f.spec.speedup = course::SpeedupSpec{};
    UnitRun timing = check_run({device(), built(),
                                {{"event", "timing"}, {"size", "64x64"}, {"baseline_seconds", "fast"},
                                 {"submission_seconds", 0.001}}});
    timing.job.kind = JobKind::speedup;
    CHECK(evaluate_speedup(f.lab, timing, 0.0001).verdict == Verdict::error);
}

TEST_CASE("a compile that passes its limit is the compiler's time, never a hang of the kernel") {
    Fixture f;
    auto slow = check_run({device(), {{"event", "compile-start"}, {"what", "submission"}}});
    slow.outcome.end = ChildEnd::timed_out;
    slow.outcome.stalled = true;
    slow.outcome.stalled_step = {StepKind::compile, "\"event\":\"compile-start\"", 120, StepClock::busiest_thread_cpu, 1200, true};
    slow.outcome.stalled_step_seconds = 120.5;
    slow.outcome.stalled_step_wall_seconds = 376.0;  // a loaded machine: the compiler got a third of a processor
    const auto build = evaluate_build(f.lab, slow);
    CHECK(build.verdict == Verdict::fail);
    CHECK(build.reason.find("your kernel took more than 120 s of processor time (stopped after 376 s on the clock; "
                            "the clock's limit is 1200 s) to compile") != std::string::npos);
    // The timing job's first launches compile on PoCL: said with both clocks too.
    auto first = check_run({device(), {{"event", "compile-start"}, {"what", "first-launch"}}});
    first.outcome = slow.outcome;
    first.job.kind = JobKind::speedup;
    CHECK(evaluate_speedup(f.lab, first, 1.0).details.find("did not finish within 120 s of processor time (stopped "
                                                           "after 376 s on the clock") != std::string::npos);
    CHECK(build.details.find("#pragma unroll") != std::string::npos);
    CHECK(build.details.find("condition never becomes false") == std::string::npos);

    // With the file at hand, the message says what in it is large: its kernels, its size, its
    // longest macro expansion and its largest unrolled loop, each with its line.
    const auto folder = std::filesystem::temp_directory_path() / ("stages-compile-load-" + std::to_string(getpid()));
    std::filesystem::create_directories(folder / "01-transpose-naive");
    {
        std::ofstream file(folder / "01-transpose-naive" / "transpose.cl");
        file << "#define TWICE0 x + x\n";
        for (int i = 1; i <= 20; ++i) file << "#define TWICE" << i << " TWICE" << i - 1 << " + TWICE" << i - 1 << "\n";
        for (int i = 0; i < 300; ++i) file << "__kernel void unused_" << i << "(__global float* x) { x[0] = 1.0f; }\n";
        file << "__kernel void transpose(__global const float* a, __global float* at, uint m, uint k) {\n"
                "    float x = 1.0f;\n#pragma unroll 4096\n    for (uint i = 0; i < 4096; ++i) at[i] = TWICE3;\n}\n";
    }
    slow.job.root = std::filesystem::current_path();
    slow.job.lab_folder = "01-transpose-naive";
    slow.job.kernels_dir = folder.string();
    slow.job.kernels_display = "submission";
    const auto named = evaluate_build(f.lab, slow);
    INFO(named.details);
    CHECK(named.details.find("The file has 301 kernels in ") != std::string::npos);
    CHECK(named.details.find("its longest macro, TWICE20 (line 21), expands to 4194303 tokens") != std::string::npos);
    CHECK(named.details.find("line 324 unrolls a loop 4096 times") != std::string::npos);
    CHECK(named.details.find("keep in the file only the kernels the lab launches") != std::string::npos);
    std::filesystem::remove_all(folder);

    // The course's own baseline compiling too long is the grader's problem.
    auto baseline = check_run({device(), built(), {{"event", "compile-start"}, {"what", "baseline"}}});
    baseline.job.kind = JobKind::speedup;
    baseline.outcome = slow.outcome;
    CHECK(abnormal_end(baseline, "").grader_problem);
}

TEST_CASE("correctness: a time-out is named in the reason even when another failure comes first") {
    Fixture f;
    auto hung = at_set(check_run({device(), built(), start("1x1"), wrong("1x1"), start("37x50")}), "defaults",
                       {{"TILE_SIZE", "16"}});
    hung.outcome.end = ChildEnd::timed_out;
    hung.outcome.stalled = true;
    hung.outcome.stalled_step = {StepKind::launch, "\"event\":\"check-start\"", 10, StepClock::wall, 0, false};
    const auto r = evaluate_correctness(f.lab, std::vector<SetRuns>{{&hung, nullptr}});
    CHECK(r.verdict == Verdict::fail);
    CHECK(r.reason.find("1x1") != std::string::npos);
    CHECK(r.reason.find("timed out at 37x50 at 'defaults'") != std::string::npos);
}

TEST_CASE("barriers: what Oclgrind did not check scores nothing, the rest in proportion") {
    Fixture f;
    UnitRun static_run;
    static_run.job.kind = JobKind::static_analysis;
    static_run.outcome.end = ChildEnd::exited;
    static_run.events = parse_worker_events({{{"event", "static"}, {"findings", json::array()}}});
    UnitRun dynamic = at_set(check_run({device(), built(), start("1x1"), check("1x1", true), start("17x33"),
                                        check("17x33", true)},
                                       0),
                             "defaults", {});
    dynamic.job.kind = JobKind::dynamic;
    dynamic.job.checks = {{"1x1", 1, false}, {"17x33", 1, false}};
    std::get<DeviceEvent>(dynamic.events.list[0]).platform = "Oclgrind";
    DynamicRuns runs;
    runs.runs = {&dynamic};
    runs.planned = 4;  // two more at a set where the kernel hung on the device
    runs.unchecked = {"not at 'small tiles' 1x1, 17x33: the kernel did not finish a check on the graded device there"};
    const auto half = evaluate_barriers(f.lab, static_run, runs);
    CHECK(half.verdict == Verdict::fail);
    CHECK(half.points == doctest::Approx(1.5));
    CHECK(half.reason.find("Oclgrind checked only 2 of 4 sizes") != std::string::npos);
    CHECK(half.details.find("not at 'small tiles'") != std::string::npos);

    // An optional extension's set that the kernel does not use was never to be checked.
    UnitRun unused = at_set(check_run({device(),
                                       built(),
                                       {{"event", "set-skipped"},
                                        {"define_set", "extension"},
                                        {"reason", "the kernel file does not use ROWS_PER_ITEM"},
                                        {"kind", "extension-unused"}}},
                                      0),
                            "extension", {{"ROWS_PER_ITEM", "4"}});
    unused.job.kind = JobKind::dynamic;
    unused.job.checks = {{"1x1", 1, false}, {"17x33", 1, false}};
    std::get<DeviceEvent>(unused.events.list[0]).platform = "Oclgrind";
    DynamicRuns with_extension;
    with_extension.runs = {&dynamic, &unused};
    with_extension.planned = 4;
    const auto whole = evaluate_barriers(f.lab, static_run, with_extension);
    CHECK(whole.verdict == Verdict::pass);
    CHECK(whole.points == 3.0);
}

TEST_CASE("correctness: an optional extension's set the kernel does not use is a note, not a warning") {
    Fixture f;
    const auto right = at_set(check_run({device(), built(), start("1x1"), check("1x1", true), start("37x50"),
                                         check("37x50", true), start("17x33"), check("17x33", true)}),
                              "defaults", {{"TILE_SIZE", "16"}});
    const auto unused = at_set(check_run({device(),
                                          built(),
                                          {{"event", "set-skipped"},
                                           {"define_set", "extension"},
                                           {"reason", "the kernel file does not use ROWS_PER_ITEM"},
                                           {"kind", "extension-unused"}}}),
                               "extension", {{"ROWS_PER_ITEM", "4"}});
    const auto r = evaluate_correctness(f.lab, std::vector<SetRuns>{{&right, nullptr}, {&unused, nullptr}});
    CHECK(r.verdict == Verdict::pass);
    CHECK(r.points == 4.0);
    CHECK(r.details.find("does not use ROWS_PER_ITEM") != std::string::npos);
}

namespace {

// A speedup run whose rounds measured `ratios` (the baseline's time over the kernel's, round by round).
UnitRun rounds_run(const std::vector<double>& ratios) {
    UnitRun run = check_run({device(),
                             built(),
                             {{"event", "timing"},
                              {"size", "2048x2048"},
                              {"baseline_seconds", 0.004},
                              {"submission_seconds", 0.004},
                              {"repetitions", static_cast<int>(ratios.size())},
                              {"round_ratios", ratios}}});
    run.job.kind = JobKind::speedup;
    return run;
}

// `n` rounds spread evenly across [centre - reach, centre + reach].
std::vector<double> spread_rounds(double centre, double reach, int n = 15) {
    std::vector<double> ratios;
    for (int i = 0; i < n; ++i) ratios.push_back(centre - reach + 2.0 * reach * i / (n - 1));
    return ratios;
}

}  // namespace

TEST_CASE("speedup near the threshold: decided by the interval, never by one median") {
    Fixture f;
    f.spec.speedup = course::SpeedupSpec{};
    f.spec.speedup->baseline_file = "baselines/transpose_naive.cl";
    // Clearly above and clearly below: the whole interval on one side.
    const auto above = evaluate_speedup(f.lab, rounds_run(spread_rounds(0.80, 0.02)), 0.7);
    CHECK(above.verdict == Verdict::pass);
    CHECK(above.reason.find("0.80× ± 0.0") == 0);
    CHECK(above.details.find("is at or above 0.7×") != std::string::npos);
    const auto below = evaluate_speedup(f.lab, rounds_run(spread_rounds(0.60, 0.02)), 0.7);
    CHECK(below.verdict == Verdict::fail);
    CHECK(below.details.find("is below 0.7×") != std::string::npos);
    // The threshold inside a narrow interval: as fast as asked within what the machine can measure.
    CHECK(speed_call(course::ratio_estimate(spread_rounds(0.69, 0.03)), 0.7) == SpeedCall::at_threshold);
    const auto at = evaluate_speedup(f.lab, rounds_run(spread_rounds(0.69, 0.03)), 0.7);
    CHECK(at.verdict == Verdict::pass);
    CHECK(at.details.find("by the rule in checker/README.md it meets the threshold") != std::string::npos);
    // A machine too noisy to tell: not judged, no points, said in words; never a pass.
    const auto noisy = evaluate_speedup(f.lab, rounds_run(spread_rounds(0.62, 0.40)), 0.7);
    CHECK(noisy.verdict == Verdict::error);
    CHECK(noisy.points == 0.0);
    CHECK(noisy.reason.find("too noisy to decide") != std::string::npos);
    CHECK(noisy.details.find("the machine was too busy to tell") != std::string::npos);
    // A slow kernel stays slow however its timings are pooled.
    CHECK(evaluate_speedup(f.lab, rounds_run(spread_rounds(0.45, 0.04)), {rounds_run(spread_rounds(0.46, 0.04))}, 0.5)
              .verdict == Verdict::fail);
    // Re-timings are pooled: more rounds, a narrower interval, the same median.
    const auto one = pooled_ratio(rounds_run(spread_rounds(0.7, 0.1)), {});
    const auto three =
        pooled_ratio(rounds_run(spread_rounds(0.7, 0.1)), {rounds_run(spread_rounds(0.7, 0.1)), rounds_run(spread_rounds(0.7, 0.1))});
    CHECK(three.rounds == 3 * one.rounds);
    CHECK(three.half_width() < one.half_width());
    CHECK(three.median == doctest::Approx(one.median));
    CHECK_FALSE(speed_decided(SpeedCall::at_threshold));
    CHECK(speed_decided(SpeedCall::below));
}

TEST_CASE("speedup: a re-timing that computed a wrong result fails the stage, whatever the first timing said") {
    Fixture f;
    f.spec.speedup = course::SpeedupSpec{};
    f.spec.speedup->baseline_file = "baselines/transpose_naive.cl";
    UnitRun wrong = check_run({device(), built(),
                               {{"event", "wrong-result"}, {"who", "submission"}, {"size", "2048x2048"}, {"launch", 3},
                                {"message", "element (0, 1) is 0, expected 1"}}});
    wrong.job.kind = JobKind::speedup;
    const auto r = evaluate_speedup(f.lab, rounds_run(spread_rounds(0.71, 0.05)), {wrong}, 0.7);
    CHECK(r.verdict == Verdict::fail);
    CHECK(r.reason.find("speed counts only for work done") != std::string::npos);
}

TEST_CASE("an access out of bounds Oclgrind saw fails correctness at its define set, not the barriers stage") {
    Fixture f;
    std::ifstream log("checker/tests/oclgrind_logs/invalid_read.txt");
    std::ostringstream text;
    text << log.rdbuf();
    REQUIRE(!text.str().empty());
    UnitRun dynamic = check_run({device(), built(), start("1x1"), check("1x1", true)}, 0);
    dynamic.job.kind = JobKind::dynamic;
    dynamic.job.checks = {{"1x1", 1, false}};
    std::get<DeviceEvent>(dynamic.events.list[0]).platform = "Oclgrind";
    dynamic.output = text.str();
    const UnitRun right = check_run({device(), built(), start("1x1"), check("1x1", true), start("37x50"),
                                     check("37x50", true), start("17x33"), check("17x33", true)});
    // Right at every size on the device, and no Oclgrind run: right.
    CHECK(evaluate_correctness(f.lab, right).verdict == Verdict::pass);
    // With Oclgrind's read past `a` at the set: every check there counts as wrong, with the line.
    const auto graded = evaluate_correctness(f.lab, std::vector<SetRuns>{{&right, nullptr, &dynamic}});
    CHECK(graded.verdict == Verdict::fail);
    CHECK(graded.points == 0.0);
    CHECK(graded.reason.find("line 5") != std::string::npos);
    CHECK(graded.details.find("seen by Oclgrind") != std::string::npos);
    REQUIRE(!graded.findings.empty());
    CHECK(graded.findings[0].rule == "oclgrind-out-of-bounds");
    // The barriers stage does not count it.
    UnitRun static_run;
    static_run.job.kind = JobKind::static_analysis;
    static_run.outcome.end = ChildEnd::exited;
    static_run.events = parse_worker_events({{{"event", "static"}, {"findings", json::array()}}});
    const auto barriers = evaluate_barriers(f.lab, static_run, &dynamic);
    CHECK(barriers.verdict == Verdict::pass);
    CHECK(barriers.points == 3.0);
}
