// labcheck's command line, parsed into one struct, and the grading options declared once: each
// row of grading_options() says its flag, help, default and validation (by registering itself),
// which job of a Slurm grading needs it, and what a student's record keeps of it. The Slurm array's
// and collecting job's command lines and the records' configuration hash (class_records.hpp,
// config_hash) are all read from that table, so no option can be lost by one of them.
#pragma once

#include "class/slurm_job.hpp"
#include "cli/platform_options.hpp"
#include "runner/unit_runner.hpp"
#include "stages/submission_grading.hpp"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace labcheck {

struct Options {
    std::vector<std::string> labs;
    std::string submission;
    bool solutions = false;
    bool uploaded = false;     // --uploaded: the submission was staged from an upload (run_autograder)
    std::string upload_notes;  // --upload-notes: submission_mapping.py's {"notes": [...]} for the report
    std::string class_dir;
    std::vector<std::string> devices;  // --device, once; with --class once per timing lane
    std::string json_file;
    PlatformOptions platform;  // --format, --results-dir, lateness (platform_options.hpp)
    std::string gradebook;
    std::vector<std::string> stages;
    std::string root;
    std::string hidden_file;
    bool no_hidden = false;
    double timeout = 0.0;
    double launch_timeout = 0.0;
    double compile_timeout = 0.0;
    std::uint64_t memory_mib = 4096;
    int jobs = 0;
    std::vector<std::string> defines;
    double min_ratio = 0.0;
    bool quiet = false;
    bool memory_feedback = false;
    bool keep_work_dir = false;
    std::string student_edition;
    std::string results;  // --class: the records folder
    std::string collect;  // --class: only build the gradebook from this records folder
    bool slurm = false;
    SlurmOptions slurm_options;
    std::string student_list;  // a Slurm task's list of students
    int slice_index = -1;      // and its index in the array
    std::string worker_job;
    std::string worker_events;
};

// Which job of a Slurm grading is given an option: none (each task decides for its node, e.g.
// --jobs), the array tasks that grade, the job that collects the gradebook, or both.
enum class ForwardTo { none, grading, gradebook, both };

// One grading option, declared once.
struct GradingOption {
    const char* flag;
    ForwardTo forward_to;
    // Registers it with CLI11: its names, help (with its default), validation.
    CLI::Option* (*add)(CLI::App&, Options&);
    // Its arguments as this command got them (paths made absolute; none when it was not given).
    std::vector<std::string> (*arguments)(const Options&);
    // What a record's configuration hash keeps of it, from the parsed settings; nullptr when no
    // verdict can change with it (a class run resumed with another value keeps its records).
    nlohmann::json (*recorded)(const GradeSettings&, const RunnerSettings&);
};

const std::vector<GradingOption>& grading_options();

// Registers every row of grading_options() (and the exclusions between them).
void add_grading_table(CLI::App& app, Options& options);

// The options that a Slurm job (`job`: grading or gradebook) is given, after --root.
std::vector<std::string> forwarded_arguments(const Options& options, const std::filesystem::path& root, ForwardTo job);

// {flag: recorded value} of every row that changes a record: GradeSettings::recorded_options.
nlohmann::json recorded_options(const GradeSettings& settings, const RunnerSettings& runner);

}  // namespace labcheck
