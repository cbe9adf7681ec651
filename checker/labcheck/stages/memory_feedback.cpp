#include "stages/memory_feedback.hpp"

#include "description/memory_subject.hpp"
#include "description/problem_size.hpp"
#include "memory_lens/report/memory_table.hpp"
#include "memory_lens/report/run_faults.hpp"
#include "memory_lens/report/worst_line.hpp"
#include "util/text_escape.hpp"

#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace labcheck {

namespace {

constexpr const char* kHeading = "Memory report (feedback only: no points depend on it)";

std::string no_report(const std::string& why) {
    return fmt::format("{}: {}.\n", kHeading, why);
}

// Why the run left no report: it did not finish, crashed, or the kernel made no access the lens saw.
std::string missing_report_reason(const UnitRun& run) {
    if (run.outcome.end == ChildEnd::timed_out) return "the kernel did not finish under Oclgrind, so there is none";
    const AbnormalEnd end = abnormal_end(run, "while the memory lens simulated the kernel");
    if (end.happened) return "the simulation stopped (" + end.text + "), so there is none";
    return "Oclgrind reported no memory access of the kernel, so there is none";
}

// The lab's README, whose section on the worst line's kind of cost the reading names ("" if none).
std::string lab_readme(const UnitRun& run, const course::LabSpec& spec) {
    std::ifstream in(std::filesystem::path(run.job.root) / "labs" / spec.folder / "README.md");
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

}  // namespace

std::string memory_not_made_text(const std::string& why) {
    return no_report("not made: " + why);
}

std::string memory_lens_missing_text() {
    return no_report(
        "this labcheck was built without the memory lens's Oclgrind plugin (common/memory_lens/), so there is "
        "none; install liboclgrind-dev and llvm-14-dev, then `meson setup --reconfigure build && meson compile -C "
        "build`");
}

std::optional<WorkerJob> memory_report_job(WorkerJob job, const course::LabSpec& gpu_spec,
                                           const course::Defines& overrides) {
    if (!gpu_spec.memory) return std::nullopt;
    job.kind = JobKind::dynamic;
    job.device_class = course::DeviceClass::gpu;
    job.defines = gpu_spec.memory->defines;
    job.defines.merge(overrides);
    job.define_set = "memory report";
    job.checks = {SizeCheck{gpu_spec.memory->size.text, 1, false}};
    return job;
}

std::string memory_feedback_text(const LabUnderTest& lab, const course::LabSpec& gpu_spec, const UnitRun& run) {
    const auto* built = run.first<BuildEvent>();
    if (built == nullptr || !built->ok) return no_report("the kernel did not build under Oclgrind, so there is none");
    memory_lens::MemoryReport report;
    try {
        if (run.memory_report.empty()) return no_report(missing_report_reason(run));
        report = memory_lens::report_from_json(nlohmann::json::parse(run.memory_report));
    } catch (const std::exception& e) {
        return no_report(fmt::format("the memory lens's report could not be read ({})", e.what()));
    }
    if (report.launches.empty()) return no_report(missing_report_reason(run));
    const course::ProblemSize size = course::lab_size(run.job.checks.front().size, gpu_spec.size_form()).size;
    const memory_lens::ReportSubject subject =
        course::memory_subject(gpu_spec, size, built->defines, lab.file_display());
    std::string text = fmt::format("{}, as `lab run {} --memory` prints it:\n", kHeading, gpu_spec.number);
    const auto* check = run.first<CheckEvent>();
    // Oclgrind's diagnostics named first; a wrong result without one is the correctness stage's to explain.
    const std::vector<memory_lens::RunFault> faults = memory_lens::run_faults(run.output, 0);
    if (!faults.empty()) text += memory_lens::run_faults_text(faults, lab.file_display(), gpu_spec.number);
    if (faults.empty() && check != nullptr && !check->ok) {
        text += fmt::format("The kernel was not right at {} under Oclgrind (the correctness stage says more).\n",
                            run.job.checks.front().size);
    }
    if (!faults.empty() || (check != nullptr && !check->ok)) text += memory_lens::wrong_run_banner();
    text += memory_lens::worst_line_reading(report.launches.front(), built->source, lab_readme(run, gpu_spec)) + "\n";
    text += memory_lens::memory_table_text(built->source, report.launches.front(), report.warp, subject);
    return course::printable_text(text);
}

}  // namespace labcheck
