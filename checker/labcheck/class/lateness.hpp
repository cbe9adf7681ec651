// Lateness for the class gradebook: `--submission-times CSV` (one `student,timestamp`
// row per student, ISO 8601 times as learning systems export them) and `--deadline TIME`
// give each student's hours past the deadline, 0 when on time. The penalty stays the
// instructor's choice: this is a column, not a rule. One bad row costs that student's
// cell ("time unknown") and a warning naming the line, never the run.
#pragma once

#include "class/class_grading.hpp"

#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace labcheck {

// An ISO 8601 time as written: the wall-clock seconds since 1970-01-01T00:00:00 and the zone's
// offset east of UTC when it has one. Read: "2026-11-23T23:59:00Z", "2026-11-23 23:59:59.5+01:00",
// "2026-11-23 23:59:00 +0100" (a space before the zone), "2026-11-23T23:59-05", "...z", "...UTC",
// and the same without a zone.
struct IsoTime {
    double wall_seconds = 0.0;
    std::optional<int> offset_seconds;
    double utc_seconds(int default_offset = 0) const { return wall_seconds - offset_seconds.value_or(default_offset); }
};
std::optional<IsoTime> parse_iso8601(const std::string& text);

// Seconds since 1970-01-01T00:00:00Z of a time with its zone (the deadline). Throws
// course::UserError naming `where` when the text is not such a time or has no zone.
double iso8601_seconds(const std::string& text, const std::string& where);
// The deadline's zone offset (seconds east of UTC), for times written without a zone.
int iso8601_offset(const std::string& text, const std::string& where);

struct SubmissionTimes {
    std::map<std::string, double> times;  // student -> submission time (seconds since the epoch)
    std::set<std::string> unknown;        // students with a row that could not be read: "time unknown"
    std::map<std::string, int> lines;     // student -> the line of their (last) row
    std::vector<std::string> warnings;    // bad rows, students listed twice, times without a zone
};

// The CSV's rows; a first row "student,timestamp" is a header. A time without a zone is read in
// `default_offset` (the deadline's zone) with a warning. A row that cannot be read is a warning
// naming its line and marks the student "time unknown"; a student listed twice keeps the latest
// time (the upload graded is the last one) with a warning naming both lines. Throws
// course::UserError only when the file cannot be opened.
SubmissionTimes read_submission_times(const std::filesystem::path& csv, int default_offset = 0);

struct LatenessColumn {
    GradebookColumn column;             // "hours late"
    std::vector<std::string> warnings;  // the file's, then students without a time, then rows for no student
};

// The "hours late" cells of `students`: hours past `deadline`, 0 when on time, "time unknown" for a
// student whose row could not be read, empty (and a warning) for a student the times do not list;
// rows naming no student of the class are listed in one warning.
LatenessColumn lateness_column(const SubmissionTimes& times, double deadline,
                               const std::vector<std::string>& students, const std::string& times_file);

}  // namespace labcheck
