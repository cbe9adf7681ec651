// Grading a class as a Slurm job array: a script whose every task runs this same
// labcheck on its slice of the students (writing one record each, see
// class_records.hpp), submitted with sbatch, and a collecting job that runs after
// the array (--dependency=afterany, so also after a task failed or was cancelled)
// and merges the records into the gradebook (labcheck --class DIR --collect RESULTS).
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace labcheck {

struct SlurmOptions {
    std::string partition;  // empty: the cluster's default
    std::string gres;       // e.g. "gpu:1"; empty: none
    std::string time;       // each task's limit, e.g. "01:00:00"; empty: the partition's default
    int array_limit = 0;    // tasks running at once (--array=0-N%LIMIT); 0: no limit
    int students_per_task = 1;
    std::vector<std::string> sbatch_args;  // given to both sbatch calls as they are
    bool dry_run = false;                  // print the scripts and commands, submit nothing
};

struct ArrayPlan {
    std::string job_name;                      // "labcheck-<class>"
    std::filesystem::path results_dir;         // records; the scripts, lists and task logs go to its slurm/
    std::filesystem::path student_list;        // JSON array of the students to grade
    std::size_t students = 0;                  // how many are in it
    std::vector<std::string> grade_command;    // labcheck ... --class DIR --results RESULTS (absolute paths)
    std::vector<std::string> collect_command;  // labcheck --class DIR --collect RESULTS --gradebook ...
};

// How many array tasks the plan needs.
int array_tasks(const SlurmOptions& options, const ArrayPlan& plan);

// The job-array script: #SBATCH lines, then each task's labcheck on its slice.
std::string array_script(const SlurmOptions& options, const ArrayPlan& plan);
// The collecting job's script.
std::string collect_script(const SlurmOptions& options, const ArrayPlan& plan);

// sbatch's complaint in one sentence: its last "sbatch: error: ..." line (without "Batch job
// submission failed: "), else its last line.
std::string sbatch_complaint(const std::string& output);

// A word quoted for the shell ('...'), as the scripts write every argument.
std::string shell_quote(const std::string& word);

// Writes the student list and both scripts under RESULTS/slurm/, submits the array and the collecting
// job and prints their ids (with dry_run: prints the scripts and the sbatch commands instead).
// Throws course::UserError with sbatch's own complaint in one sentence when it refuses a job.
void submit_class_array(const SlurmOptions& options, const ArrayPlan& plan, const std::vector<std::string>& students);

}  // namespace labcheck
