// A Gradescope export of an assignment's submissions, graded as it is: `labcheck --class
// EXPORT` where EXPORT holds `submission_<id>/` folders and `submission_metadata.yml`
// beside them. The metadata (read by checker/gradescope/submission_metadata.py) names
// each folder's submitters (a group has several) and when it was handed in: the gradebook
// gets "submitters" and "sids" columns, and with --deadline an "hours late" column from
// those times, with no CSV of submission times.
#pragma once

#include "class/class_grading.hpp"
#include "class/lateness.hpp"

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace labcheck {

struct ExportedSubmission {
    std::vector<std::string> names, sids;
    std::string created_at;  // ISO 8601, as Gradescope wrote it
};
using GradescopeExport = std::map<std::string, ExportedSubmission>;  // by folder name

// One warning per submission the export's metadata lists with no folder among `folders` (the
// student folders of the class): nothing of theirs can be graded, and the instructor should know.
std::vector<std::string> export_warnings(const GradescopeExport& exported, const std::vector<std::string>& folders);

// The file that makes a class folder a Gradescope export.
inline constexpr const char* kExportMetadataFile = "submission_metadata.yml";

// The export's metadata when `class_dir` holds kExportMetadataFile, else nothing. Throws
// course::UserError when the file is there and cannot be read.
std::optional<GradescopeExport> read_gradescope_export(const std::filesystem::path& class_dir,
                                                       const std::filesystem::path& course_root);

// "submitters" (names, "; " between the members of a group) and "sids", for `students`.
std::vector<GradebookColumn> export_columns(const GradescopeExport& exported);

// The submission times, as lateness.hpp reads them from a CSV.
SubmissionTimes export_times(const GradescopeExport& exported);

}  // namespace labcheck
