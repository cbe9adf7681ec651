// Grades one submission (a folder laid out like labs/): plans the child
// processes each lab needs, runs them (several at a time, timing runs alone),
// and turns what they report into one StageResult per lab and stage.
#pragma once

#include "plan/check_plan.hpp"
#include "runner/unit_runner.hpp"
#include "stages/shared_verdicts.hpp"
#include "stages/stage_result.hpp"

#include "terms/defines.hpp"
#include "harness/device_choice.hpp"
#include "problems/lab_problem.hpp"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace labcheck {

struct DeviceReport {
    std::string label;  // "Portable Computing Language / pthread-..."
    course::DeviceClass device_class = course::DeviceClass::cpu;
};

struct GradeSettings {
    std::filesystem::path root;
    std::vector<std::string> lab_folders;  // which labs, in order
    std::vector<Stage> stages;             // which stages, in grading order
    std::string device;                    // --device pattern
    DeviceReport device_report;            // from probe_device
    HiddenChecksByLab hidden;
    course::Defines defines;          // -D overrides
    std::optional<double> min_ratio;  // --min-ratio: replaces every lab's threshold
    int jobs = 1;                     // child processes at a time (timing runs always alone)
    bool progress = true;             // a line on stderr as each child finishes
    // --memory-feedback: the memory lens's report (common/memory_lens/) for each lab with a [memory]
    // table, added to the barriers stage's details; feedback only, no points depend on it.
    bool memory_feedback = false;
    // What a student's record keeps of the options, {flag: value} (cli/grading_options.hpp,
    // recorded_options): the part of the records' configuration hash the command line decides.
    nlohmann::json recorded_options = nlohmann::json::object();
};

struct SubmissionReport {
    std::string submission;  // "labs", "solutions", "class/alice"
    std::string device_label;
    std::optional<course::DeviceClass> device_class;  // what it was timed on; unknown in an older record
    std::vector<std::string> upload_notes;  // how an upload was read (class/class_uploads.hpp), if it was staged
    std::vector<StageResult> results;
    double seconds = 0.0;

    double score() const;
    double max_score() const;
    // 0: every stage passed (or warned), 1: something failed, 2: the grader could not judge something.
    int exit_status() const;
};

// Opens the device in a child process and says what it is. Throws course::UserError when there is none.
DeviceReport probe_device(UnitRunner& runner, const std::string& device);

// A submission laid out as SUB/labs/NN-name/ (the course's own layout, zipped whole) is read from
// SUB/labs when SUB itself holds none of the lab folders and labs/ is a real folder (not a link).
// Otherwise `kernels` unchanged.
course::KernelSet with_labs_layout(const course::KernelSet& kernels, const std::vector<std::string>& lab_folders);

// With `sharing` (a class), a lab whose key another submission claimed first shares that grading's
// verdicts instead of being graded again (shared_verdicts.hpp).
SubmissionReport grade_submission(const course::KernelSet& kernels, const GradeSettings& settings, UnitRunner& runner,
                                  const LabSharing* sharing = nullptr);

}  // namespace labcheck
