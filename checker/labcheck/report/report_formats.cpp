#include "report/report_formats.hpp"

#include "report/gradescope_json.hpp"
#include "report/prairielearn_json.hpp"
#include "report/report_text.hpp"
#include "report/terminal_report.hpp"

#include "util/atomic_file.hpp"

namespace labcheck {

namespace {

struct FormatWriter {
    const char* name;
    nlohmann::json (*write)(const SubmissionReport&);
};

const FormatWriter kWriters[] = {
    {"gradescope", [](const SubmissionReport& report) { return gradescope_results(report); }},
    {"prairielearn", [](const SubmissionReport& report) { return prairielearn_results(report, terminal_report(report)); }},
};

const FormatWriter& writer(ResultsFormat format) { return kWriters[static_cast<int>(format)]; }

}  // namespace

const std::map<std::string, ResultsFormat>& results_format_names() {
    static const std::map<std::string, ResultsFormat> names{{writer(ResultsFormat::gradescope).name, ResultsFormat::gradescope},
                                                            {writer(ResultsFormat::prairielearn).name, ResultsFormat::prairielearn}};
    return names;
}

nlohmann::json results_json(ResultsFormat format, const SubmissionReport& report) { return writer(format).write(report); }

void write_results(ResultsFormat format, const std::filesystem::path& file, const SubmissionReport& report) {
    course::write_file_atomically(file, json_text(results_json(format, report)));
}

}  // namespace labcheck
