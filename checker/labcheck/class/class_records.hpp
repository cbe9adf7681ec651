// One record per student in a results folder, so that grading a class can stop
// (Ctrl-C, a Slurm time limit, scancel) and resume: RESULTS/<student>.json holds
// the student's stage results, a hash of their kernel files and a hash of the
// grader's configuration. Records are written whole or not at all
// (util/atomic_file), so a killed grader leaves no half-written record.
//
// A student is graded again when their record is missing, unreadable, failed for
// the grader's reasons (exit status 2), or stale (either hash differs).
#pragma once

#include "class/class_grading.hpp"
#include "runner/unit_runner.hpp"
#include "stages/submission_grading.hpp"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace labcheck {

struct StudentRecord {
    std::string student;                   // the folder name
    std::vector<std::string> lab_folders;  // the labs graded, in order
    std::string submission_hash;           // of the kernel files of those labs (submission_hash)
    std::string config_hash;               // of the grader's configuration (config_hash)
    nlohmann::json graded_by;              // host, pid, Slurm job: who wrote it (for people, not compared)
    SubmissionReport report;
};

enum class RecordState {
    current,        // graded with these kernels and this configuration
    missing,        // no record, or one that cannot be read
    grader_failed,  // the grader could not judge something (exit status 2)
    stale,          // the kernels or the configuration changed since
};

const char* record_state_name(RecordState state);  // "current", "missing", ...

// A hash (16 hex digits) of the files under the student's lab folders (those graded), with their
// relative paths. Only regular files count (no links, no devices); files over 16 MiB are hashed
// by their size alone.
std::string submission_hash(const course::KernelSet& kernels, const std::vector<std::string>& lab_folders);

// A hash of everything that changes a verdict: what the records keep of the options
// (settings.recorded_options: labs and their lab.toml, stages, hidden sizes and seeds, -D,
// --min-ratio, the children's limits...), the device class and whether Oclgrind is installed.
std::string config_hash(const GradeSettings& settings, const RunnerSettings& limits);

// What a record keeps of --lab (each lab's folder and lab.toml) and of the hidden sizes and seeds.
nlohmann::json labs_json(const GradeSettings& settings);
nlohmann::json hidden_json(const HiddenChecksByLab& hidden);

// The file of a student's record in a results folder.
std::filesystem::path record_path(const std::filesystem::path& results_dir, const std::string& student);

nlohmann::json record_json(const StudentRecord& record);
// nullopt when the file is missing or is not a record (treated as missing).
std::optional<StudentRecord> read_record(const std::filesystem::path& file);
// Atomically. Throws course::UserError when the folder cannot be written.
void write_record(const std::filesystem::path& results_dir, const StudentRecord& record);

RecordState record_state(const std::optional<StudentRecord>& record, const std::string& submission_hash,
                         const std::string& config_hash);

// The gradebook from the records of `students` (name and kernels): a student with no record, or
// whose kernels in the record's labs no longer have the record's hash, is missing.
ClassReport report_from_records(const std::filesystem::path& results_dir,
                                const std::vector<std::pair<std::string, course::KernelSet>>& students);

}  // namespace labcheck
