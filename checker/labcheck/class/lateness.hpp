// Lateness for the class gradebook: `--submission-times CSV` (one `student,timestamp`
// row per student, ISO 8601 times with a zone) and `--deadline TIME` give each
// student's hours past the deadline, 0 when on time. The penalty stays the
// instructor's choice: this is a column, not a rule.
#pragma once

#include "class/class_grading.hpp"

#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace labcheck {

// Seconds since 1970-01-01T00:00:00Z of "2026-11-23T23:59:00Z", "2026-11-23T23:59:59.5+01:00",
// "2026-11-23 23:59-0500". Throws course::UserError naming `where` when the text is not such a time.
double iso8601_seconds(const std::string& text, const std::string& where);

// student -> submission time (seconds since the epoch) from the CSV; a first row
// "student,timestamp" is a header. Throws course::UserError on a malformed row.
std::map<std::string, double> read_submission_times(const std::filesystem::path& csv);

struct LatenessColumn {
    GradebookColumn column;             // "hours late"
    std::vector<std::string> warnings;  // one per student without a time
};

// The "hours late" cells of `students`: hours past `deadline`, 0 when on time, empty (and a
// warning) for a student the times do not list.
LatenessColumn lateness_column(const std::map<std::string, double>& times, double deadline,
                               const std::vector<std::string>& students, const std::string& times_file);

}  // namespace labcheck
