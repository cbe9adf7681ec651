#include "class/gradescope_export.hpp"

#include "class/class_uploads.hpp"
#include "runner/child_process.hpp"

#include "util/user_error.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <atomic>
#include <fstream>
#include <sstream>

namespace labcheck {

namespace fs = std::filesystem;

namespace {

course::UserError unreadable(const fs::path& file, const std::string& happened) {
    return course::UserError({"Gradescope's export metadata (submission_<id>: :submitters:, :created_at:)", happened,
                              file.string(),
                              "check that python3 and python3-yaml are installed, or move the file out of the class "
                              "folder to grade it without names"});
}

std::string joined(const std::vector<std::string>& parts) {
    std::string text;
    for (const auto& part : parts) {
        if (!part.empty()) text += (text.empty() ? "" : "; ") + part;
    }
    return text;
}

ExportedSubmission submission_from(const nlohmann::json& entry) {
    ExportedSubmission submission;
    for (const auto& person : entry.value("submitters", nlohmann::json::array())) {
        submission.names.push_back(person.value("name", ""));
        submission.sids.push_back(person.value("sid", ""));
    }
    submission.created_at = entry.value("created_at", "");
    return submission;
}

}  // namespace

std::optional<GradescopeExport> read_gradescope_export(const fs::path& class_dir, const fs::path& course_root) {
    const fs::path file = class_dir / kExportMetadataFile;
    std::error_code ec;
    if (!fs::is_regular_file(file, ec)) return std::nullopt;
    static std::atomic<int> count{0};
    ChildCommand command;
    command.argv = {"python3", (course_root / "checker/gradescope/submission_metadata.py").string(), "export",
                    fs::absolute(file).string()};
    command.output_file = staging_root() / fmt::format("export-metadata-{}.json", count++);
    ChildLimits limits;
    limits.wall_seconds = 60.0;
    const ChildOutcome outcome = run_child(command, limits);
    std::stringstream text;
    text << std::ifstream(command.output_file).rdbuf();
    if (outcome.end != ChildEnd::exited || outcome.exit_code != 0) {
        throw unreadable(file, outcome.start_error.empty() ? text.str().substr(0, 400) : outcome.start_error);
    }
    try {
        GradescopeExport exported;
        const auto folders = nlohmann::json::parse(text.str());
        for (auto entry = folders.begin(); entry != folders.end(); ++entry) exported[entry.key()] = submission_from(*entry);
        return exported;
    } catch (const std::exception& error) {
        throw unreadable(file, error.what());
    }
}

std::vector<GradebookColumn> export_columns(const GradescopeExport& exported) {
    GradebookColumn names{"submitters", {}}, sids{"sids", {}};
    for (const auto& [folder, submission] : exported) {
        names.cells[folder] = joined(submission.names);
        sids.cells[folder] = joined(submission.sids);
    }
    return {names, sids};
}

std::vector<std::string> export_warnings(const GradescopeExport& exported, const std::vector<std::string>& folders) {
    std::vector<std::string> warnings;
    for (const auto& [folder, submission] : exported) {
        if (std::find(folders.begin(), folders.end(), folder) != folders.end()) continue;
        const std::string who = submission.names.empty() ? std::string()
                                                         : fmt::format(" ({}{})", joined(submission.names),
                                                                       submission.sids.empty()
                                                                           ? std::string()
                                                                           : ", " + joined(submission.sids));
        warnings.push_back(fmt::format("{} lists {}{}, but the export holds no folder of that name: nothing of theirs "
                                       "is graded and the gradebook has no row for them. Check that the export was "
                                       "unpacked whole.",
                                       kExportMetadataFile, folder, who));
    }
    return warnings;
}

SubmissionTimes export_times(const GradescopeExport& exported) {
    SubmissionTimes times;
    for (const auto& [folder, submission] : exported) {
        const auto parsed = parse_iso8601(submission.created_at);
        if (parsed && parsed->offset_seconds) {
            times.times[folder] = parsed->utc_seconds();
        } else {
            times.unknown.insert(folder);
            times.warnings.push_back(fmt::format("{}: the time \"{}\" of {} could not be read", kExportMetadataFile,
                                                 submission.created_at, folder));
        }
    }
    return times;
}

}  // namespace labcheck
