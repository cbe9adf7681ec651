#include "class/class_grading.hpp"

#include "util/text_escape.hpp"

#include "report/gradescope_json.hpp"
#include "report/leaderboard.hpp"

#include "util/user_error.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace labcheck {

namespace fs = std::filesystem;

int ClassReport::exit_status() const {
    int status = 0;
    for (const auto& [name, report] : students) status = std::max(status, report.exit_status());
    return missing.empty() ? status : 2;
}

namespace {

// How an upload was read, in one cell: the notes one after another.
std::string notes_cell(const std::vector<std::string>& notes) {
    std::string cell;
    for (const auto& note : notes) cell += (cell.empty() ? "" : " ") + note;
    return cell;
}

}  // namespace

std::vector<fs::path> student_folders(const fs::path& class_dir) {
    std::error_code ec;
    if (!fs::is_directory(class_dir, ec)) {
        throw course::UserError({"a class folder holding one submission folder per student",
                                 fs::exists(class_dir, ec) ? "it is not a folder" : "it does not exist",
                                 class_dir.string(), "pass the folder that holds the students' folders"});
    }
    std::vector<fs::path> folders;
    for (const auto& entry : fs::directory_iterator(class_dir, ec)) {
        const auto name = entry.path().filename().string();
        if (!name.empty() && name[0] != '.' && entry.is_directory(ec)) folders.push_back(entry.path());
    }
    std::sort(folders.begin(), folders.end());
    if (folders.empty()) {
        throw course::UserError({"one submission folder per student (alice/02-transpose-local/transpose.cl, ...)",
                                 "the folder holds no sub-folders", class_dir.string(),
                                 "put each student's submission in a folder of its own"});
    }
    return folders;
}


std::string gradebook_csv(const ClassReport& report, const std::vector<GradebookColumn>& extra) {
    std::vector<std::string> columns;
    for (const auto& [name, submission] : report.students) {
        for (const auto& r : submission.results) {
            const auto test = test_name(r);
            if (std::find(columns.begin(), columns.end(), test) == columns.end()) columns.push_back(test);
        }
    }
    const auto reports = report.reports();  // the leaderboard's speed columns go after the stages'
    const auto speed_columns = leaderboard_columns(reports);
    const auto rankings = speed_rankings(reports);
    std::string csv = "student,total,max";
    for (const auto& c : columns) csv += "," + csv_field(c);
    for (const auto& c : speed_columns) csv += "," + csv_field(c);
    const bool notes = std::any_of(reports.begin(), reports.end(), [](const auto* r) { return !r->upload_notes.empty(); });
    if (notes) csv += ",upload notes";
    for (const auto& c : extra) csv += "," + csv_field(c.name);
    csv += "\n";
    for (const auto& [name, submission] : report.students) {
        csv += fmt::format("{},{:g},{:g}", csv_field(name), submission.score(), submission.max_score());
        for (const auto& c : columns) {
            std::string cell;
            for (const auto& r : submission.results) {
                if (test_name(r) == c) cell = r.verdict == Verdict::error ? "error" : fmt::format("{:g}", r.points);
            }
            csv += "," + cell;
        }
        for (const auto& c : speed_columns) csv += "," + csv_field(leaderboard_cell(submission, c, reports, rankings));
        if (notes) csv += "," + csv_field(notes_cell(submission.upload_notes));
        for (const auto& c : extra) {
            const auto cell = c.cells.find(name);
            csv += "," + (cell == c.cells.end() ? std::string() : csv_field(cell->second));
        }
        csv += "\n";
    }
    for (const auto& name : report.missing) csv += csv_field(name) + ",missing," + std::string(columns.size(), ',') + "\n";
    return csv;
}

std::vector<const SubmissionReport*> ClassReport::reports() const {
    std::vector<const SubmissionReport*> all;
    for (const auto& [name, submission] : students) all.push_back(&submission);
    return all;
}

nlohmann::json gradebook_json(const ClassReport& report) {
    const auto reports = report.reports();
    const auto rankings = speed_rankings(reports);
    nlohmann::json students = nlohmann::json::array();
    for (const auto& [name, submission] : report.students) {
        students.push_back({{"student", name},
                            {"score", submission.score()},
                            {"max_score", submission.max_score()},
                            {"speed", speed_json(submission, reports, rankings)},
                            {"upload_notes", submission.upload_notes},
                            {"results", gradescope_results(submission)}});
    }
    nlohmann::json ranking = nlohmann::json::object();
    for (const auto& [lab, r] : rankings) ranking[lab] = {{"comparable", r.comparable}, {"reason", r.reason}};
    return {{"students", students}, {"missing", report.missing}, {"speed_ranking", ranking}};
}

std::vector<std::string> speed_ranking_warnings(const ClassReport& report) {
    std::vector<std::string> warnings;
    for (const auto& [lab, r] : speed_rankings(report.reports())) {
        if (!r.comparable) warnings.push_back(r.reason);
    }
    return warnings;
}

}  // namespace labcheck
