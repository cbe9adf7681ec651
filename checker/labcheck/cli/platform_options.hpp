// The command-line options for grading platforms and the class gradebook's extras,
// kept apart from labcheck_main.cpp: which results.json --json writes (Gradescope's
// or PrairieLearn's), --results-dir, and the lateness column's inputs.
#pragma once

#include "class/class_grading.hpp"
#include "class/lateness.hpp"
#include "report/report_formats.hpp"
#include "stages/submission_grading.hpp"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace labcheck {

struct PlatformOptions {
    std::string results_dir;  // writes DIR/results.json
    ResultsFormat format = ResultsFormat::gradescope;
    std::string submission_times;  // with --class and --deadline: the gradebook's "hours late"
    std::string deadline;
};

// Adds --results-dir (which excludes `json`, the --json option) and --format (--submission-times and
// --deadline are grading options: grading_options.hpp).
void add_platform_options(CLI::App& app, PlatformOptions& options, CLI::Option* json);

// Throws course::UserError for options that do not go together (--results-dir with --class,
// one lateness option without the other, lateness without --class).
void check_platform_options(const PlatformOptions& options, bool class_mode);

// The gradebook's lateness column (lateness.hpp) when --submission-times and --deadline are given,
// with a warning on stderr per student without a time; none otherwise.
// The times are --submission-times's when given, else `exported` (a Gradescope export's).
std::vector<GradebookColumn> lateness_columns(const PlatformOptions& options, const std::vector<std::string>& students,
                                              const SubmissionTimes* exported = nullptr);

// One submission's results.json in the chosen format, to `json_file` or DIR/results.json; says where.
void write_platform_results(const PlatformOptions& options, const std::string& json_file, const SubmissionReport& report);

}  // namespace labcheck
