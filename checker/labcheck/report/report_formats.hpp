// The results.json formats a grading platform reads, as one table from the format's name to its
// writer: Gradescope's (gradescope_json.hpp) and PrairieLearn's (prairielearn_json.hpp). The
// terminal report (terminal_report.hpp) is printed for every format.
#pragma once

#include "stages/submission_grading.hpp"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <map>
#include <string>

namespace labcheck {

enum class ResultsFormat { gradescope, prairielearn };

// "gradescope" → ResultsFormat::gradescope, ... (for --format).
const std::map<std::string, ResultsFormat>& results_format_names();
// The --format name of `format`: "gradescope", ...
std::string results_format_name(ResultsFormat format);

// The submission's results.json in `format`.
nlohmann::json results_json(ResultsFormat format, const SubmissionReport& report);

// results_json written atomically to `file`.
void write_results(ResultsFormat format, const std::filesystem::path& file, const SubmissionReport& report);

}  // namespace labcheck
