#include "report/report_formats.hpp"

#include "report/gradescope_json.hpp"
#include "report/prairielearn_json.hpp"
#include "report/report_text.hpp"
#include "report/terminal_report.hpp"

#include "util/atomic_file.hpp"

#include <stdexcept>

namespace labcheck {

namespace {

// One row per format: its enum, its --format name and its writer. Everything else reads this table.
struct FormatWriter {
    ResultsFormat format;
    const char* name;
    nlohmann::json (*write)(const SubmissionReport&);
};

const FormatWriter kWriters[] = {
    {ResultsFormat::gradescope, "gradescope", [](const SubmissionReport& report) { return gradescope_results(report); }},
    {ResultsFormat::prairielearn, "prairielearn",
     [](const SubmissionReport& report) { return prairielearn_results(report, terminal_report(report)); }},
};

const FormatWriter& writer(ResultsFormat format) {
    for (const auto& row : kWriters) {
        if (row.format == format) return row;
    }
    throw std::logic_error("a results format without a row in kWriters");
}

}  // namespace

const std::map<std::string, ResultsFormat>& results_format_names() {
    static const std::map<std::string, ResultsFormat> names = [] {
        std::map<std::string, ResultsFormat> by_name;
        for (const auto& row : kWriters) by_name.emplace(row.name, row.format);
        return by_name;
    }();
    return names;
}

std::string results_format_name(ResultsFormat format) { return writer(format).name; }

nlohmann::json results_json(ResultsFormat format, const SubmissionReport& report) { return writer(format).write(report); }

void write_results(ResultsFormat format, const std::filesystem::path& file, const SubmissionReport& report) {
    course::write_file_atomically(file, json_text(results_json(format, report)));
}

}  // namespace labcheck
