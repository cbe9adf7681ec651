#include "cli/platform_options.hpp"

#include "class/lateness.hpp"

#include "util/text_escape.hpp"
#include "util/user_error.hpp"

#include <fmt/format.h>

#include <map>

namespace labcheck {

void add_platform_options(CLI::App& app, PlatformOptions& options, CLI::Option* json) {
    app.add_option("--results-dir", options.results_dir, "write DIR/results.json (PrairieLearn: /grade/results)")
        ->excludes(json);
    std::string names;
    for (const auto& [name, format] : results_format_names()) {
        names += fmt::format("{}{}{}", names.empty() ? "" : " or ", name, format == PlatformOptions{}.format ? " (default)" : "");
    }
    app.add_option("--format", options.format,
                   "the form of results.json, and with --class of each student's results in --json: " + names)
        ->transform(CLI::CheckedTransformer(results_format_names()));
}

void check_platform_options(const PlatformOptions& options, bool class_mode) {
    if (class_mode && !options.results_dir.empty()) {
        throw course::UserError({"--json FILE for a class (every student's results, in the form --format names)",
                                 "--class with --results-dir, which writes one submission's results.json",
                                 "the command line", "pass --json FILE instead, or grade one submission with --results-dir"});
    }
    const bool times = !options.submission_times.empty(), deadline = !options.deadline.empty();
    if ((times || deadline) && !(deadline && class_mode)) {
        throw course::UserError({"--submission-times CSV and --deadline TIME together, with --class",
                                 "only some of them", "the command line", "pass all three, or neither lateness option"});
    }
}

std::vector<GradebookColumn> lateness_columns(const PlatformOptions& options, const std::vector<std::string>& students,
                                              const SubmissionTimes* exported) {
    if (options.deadline.empty()) return {};
    if (options.submission_times.empty() && exported == nullptr) {
        throw course::UserError({"the students' submission times for --deadline",
                                 "no --submission-times CSV, and the class folder is no Gradescope export (no "
                                 "submission_metadata.yml)",
                                 "the command line", "pass --submission-times times.csv (rows student,timestamp)"});
    }
    const std::string source = options.submission_times.empty() ? "submission_metadata.yml" : options.submission_times;
    const auto times = options.submission_times.empty()
                           ? *exported
                           : read_submission_times(options.submission_times, iso8601_offset(options.deadline, "--deadline"));
    const auto lateness = lateness_column(times, iso8601_seconds(options.deadline, "--deadline"), students, source);
    for (const auto& warning : lateness.warnings) fmt::print(stderr, "labcheck: warning: {}\n", course::printable_text(warning));
    return {lateness.column};
}

void write_platform_results(const PlatformOptions& options, const std::string& json_file, const SubmissionReport& report) {
    std::filesystem::path file = json_file;
    if (!options.results_dir.empty()) {
        std::filesystem::create_directories(options.results_dir);
        file = std::filesystem::path(options.results_dir) / "results.json";
    }
    write_results(options.format, file, report);
    fmt::print("\nresults written to {}\n", file.string());
}

}  // namespace labcheck
