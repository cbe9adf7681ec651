// Grading a class with records (class_records.hpp): on one machine, several
// students at a time (--jobs N), or one Slurm array task's slice of them; and the
// gradebook built from the records (--collect, or at the end of a run).
//
// Only the students whose record is missing, failed for the grader's reasons or
// is stale are graded. SIGINT, SIGTERM and SIGHUP stop the run cleanly: the
// running children are killed and no new one starts, the students being graded
// get no record (they are graded on the next run), the gradebook is written for
// those done, and labcheck exits with 128 + the signal.
#pragma once

#include "class/class_grading.hpp"
#include "runner/unit_runner.hpp"
#include "stages/submission_grading.hpp"

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace labcheck {

struct ClassFiles {
    std::filesystem::path class_dir;
    std::filesystem::path results_dir;  // one record per student
    std::filesystem::path gradebook;    // CSV
    std::filesystem::path json_file;    // every student's results; empty: none
    ResultsFormat json_format = ResultsFormat::gradescope;  // the form of each student's results in json_file
    std::vector<GradebookColumn> extra_columns;  // added at the end of the gradebook (lateness.hpp)
    std::filesystem::path course_root;  // where checker/gradescope/submission_mapping.py reads uploads
};

// One Slurm array task's share: the students at [index * per_task, (index + 1) * per_task) of the
// JSON list of names in `student_list` (written when the array was submitted).
struct StudentSlice {
    std::filesystem::path student_list;
    int index = 0;
    int per_task = 1;
};

struct ClassStudent {
    std::string name;  // the folder's name
    course::KernelSet kernels;
    std::string submission_hash;
    std::vector<std::string> upload_notes;  // how the folder was read when it was not laid out like labs/
};

// <class>'s sibling folder <class>-labcheck-results (DIR/../NAME-labcheck-results).
std::filesystem::path default_results_dir(const std::filesystem::path& class_dir);

// Throws course::UserError when the records folder is inside the class folder (it would be
// taken for a student's submission).
void require_results_outside_class(const ClassFiles& files);

// Every student folder of the class, with its kernels and their hash. With `course_root`, a folder
// that holds no graded lab's folder is read as an upload (class_uploads.hpp).
std::vector<ClassStudent> class_students(const std::filesystem::path& class_dir,
                                         const std::vector<std::string>& lab_folders,
                                         const std::filesystem::path& course_root = {});

// The names of the students whose record is not current under any of `config_hashes` (the
// submitting host of a Slurm array cannot tell the nodes' device class: it passes both).
std::vector<std::string> students_to_grade(const std::vector<ClassStudent>& students,
                                           const std::filesystem::path& results_dir,
                                           const std::vector<std::string>& config_hashes);

// Grades the students that need it, `jobs` students at a time, writing a record for each; then
// writes the gradebook from every record (not for a slice: the collecting job does that).
// Returns the exit status (0, 1, 2, or 128 + a signal when stopped; for a slice 0 or 2, as the
// students' verdicts are the gradebook's business, not the task's).
// One device's share of a class: the settings with that device and its runner (whose timing gate
// times one kernel at a time on it). Students go to the lanes in turn.
struct GradingLane {
    GradeSettings settings;
    UnitRunner* runner = nullptr;
};
int grade_class_with_records(const ClassFiles& files, const std::vector<GradingLane>& lanes, int jobs,
                             const std::optional<StudentSlice>& slice);

// The gradebook from the records alone (no grading, no device). Each record is checked against
// the labs it graded; `lab_folders` only say how a submission is laid out. Returns the exit status.
int collect_class(const ClassFiles& files, const std::vector<std::string>& lab_folders);

// The list file of a slice: a JSON array of names. Throws course::UserError when unreadable.
std::vector<std::string> read_student_list(const std::filesystem::path& file);

}  // namespace labcheck
