// What every stage shares: how a worker's abnormal end is told, and the
// results of stages that did not run.
#include "stages.hpp"

#include <fmt/format.h>

namespace labcheck {

namespace {

// A time limit as given: "60", "2.5".
std::string limit_text(double seconds) {
    return seconds == static_cast<double>(static_cast<long>(seconds)) ? fmt::format("{}", static_cast<long>(seconds))
                                                                      : fmt::format("{:.1f}", seconds);
}

std::string with_activity(const std::string& text, const std::string& activity) {
    return activity.empty() ? text : text + " " + activity;
}

}  // namespace

StageResult empty_result(const LabUnderTest& lab, Stage stage) {
    StageResult r;
    r.lab = lab.spec->number;
    r.lab_folder = lab.spec->folder;
    r.file = lab.file_display();
    r.stage = stage;
    r.max_points = stage_points(stage);
    return r;
}

std::string LabUnderTest::reproduce(const std::string& size, std::uint64_t seed,
                                    const std::vector<std::pair<std::string, std::string>>& defines) const {
    std::string command = fmt::format("build/common/lab run {} --size {} --seed {}", spec->number, size, seed);
    if (kernels.display_dir == "solutions") {
        command += " --solution";
    } else if (kernels.display_dir != "labs") {
        command += " --submission " + kernels.display_dir;
    }
    for (const auto& [name, value] : defines) command += " -D " + name + "=" + value;
    return command;
}

std::string unfinished_activity(const UnitRun& run) {
    const auto starts = run.all("check-start");
    const auto done = run.all("check");
    if (starts.size() > done.size()) {
        const auto& s = *starts.back();
        return fmt::format("while checking size {} (seed {}{}){}", s.value("size", "?"), s.value("seed", 1),
                           s.value("hidden", false) ? ", a hidden size" : "",
                           run.job.define_set.empty() ? "" : " at define set '" + run.job.define_set + "'");
    }
    if (run.first("build") == nullptr && run.first("device") != nullptr) return "while building the kernel";
    if (run.job.kind == JobKind::speedup && run.first("build") != nullptr) return "while timing the kernel";
    return {};
}

AbnormalEnd abnormal_end(const UnitRun& run, const std::string& activity) {
    AbnormalEnd end;
    const auto& o = run.outcome;
    const std::string lab = run.job.lab_folder.substr(0, 2);
    switch (o.end) {
        case ChildEnd::exited:
            if (o.exit_code == kWorkerOutOfMemory) {
                end.happened = true;
                end.text = with_activity(
                               fmt::format("ran out of memory (the limit is {} MiB)", run.limits.resident_bytes >> 20),
                               activity) +
                           ". Check the sizes of any private or __local arrays, and that no loop allocates.";
            } else if (o.exit_code == kWorkerInternalError || o.exit_code != 0) {
                end.happened = true;
                end.grader_problem = true;
                const auto* error = run.first("error");
                end.text = fmt::format("the grader's worker process failed (exit status {}){}", o.exit_code,
                                       error != nullptr ? ": " + error->value("message", "") : std::string());
            }
            break;
        case ChildEnd::timed_out:
            end.happened = true;
            end.text =
                with_activity(fmt::format("timed out after {} s", limit_text(run.limits.wall_seconds)), activity) +
                ": the kernel did not finish. Look for a loop whose condition never becomes false (a counter "
                "that is not incremented, a bound that is never reached), or a loop that not every "
                "work-item leaves.";
            break;
        case ChildEnd::killed_by_signal:
            end.happened = true;
            end.text =
                with_activity(fmt::format("the kernel crashed the OpenCL runtime ({})", signal_description(o.signal)),
                              activity) +
                fmt::format(
                    ". A crash usually means a read or write far outside a buffer: check every index "
                    "against the matrix bounds. Oclgrind shows the line: oclgrind build/common/lab run "
                    "{} --size <size>.",
                    lab);
            break;
        case ChildEnd::over_memory:
            end.happened = true;
            end.text = with_activity(fmt::format("used more than the memory limit of {} MiB and was stopped",
                                                 run.limits.resident_bytes >> 20),
                                     activity) +
                       ".";
            break;
        case ChildEnd::failed_to_start:
            end.happened = true;
            end.grader_problem = true;
            end.text = "the grader could not start its worker process: " + o.start_error;
            break;
    }
    return end;
}

bool build_failed(const UnitRun& run) {
    const auto* build = run.first("build");
    return build != nullptr && !build->value("ok", false);
}

StageResult not_run(const LabUnderTest& lab, Stage stage, const std::string& why) {
    StageResult r = empty_result(lab, stage);
    r.verdict = Verdict::fail;
    r.reason = "not run: " + why;
    return r;
}

StageResult grader_error(const LabUnderTest& lab, Stage stage, const std::string& why) {
    StageResult r = empty_result(lab, stage);
    r.verdict = Verdict::error;
    const auto newline = why.find('\n');
    r.reason = "grader error: " + why.substr(0, newline);
    r.details = why;
    return r;
}

}  // namespace labcheck
