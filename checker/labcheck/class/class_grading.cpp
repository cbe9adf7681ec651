#include "class/class_grading.hpp"

#include "util/text_escape.hpp"

#include "report/report_formats.hpp"
#include "report/leaderboard.hpp"

#include "description/lab_spec.hpp"
#include "problems/problem_kinds.hpp"

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

constexpr const char* kUploadNotesColumn = "upload notes";

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


std::vector<GradebookLab> gradebook_labs(const fs::path& root, const std::vector<std::string>& lab_folders) {
    std::vector<GradebookLab> labs;
    for (const auto& folder : lab_folders) {
        const auto spec = course::load_lab(root, folder, course::DeviceClass::cpu);
        labs.push_back({spec.number, spec.speedup.has_value(), course::problem_kind_info(spec.problem).rate_unit});
    }
    std::sort(labs.begin(), labs.end(), [](const auto& a, const auto& b) { return a.number < b.number; });
    return labs;
}

std::vector<std::string> gradebook_columns(const std::vector<GradebookLab>& labs,
                                           const std::vector<GradebookColumn>& extra) {
    std::vector<std::string> columns = {"student", "total", "max"};
    for (const auto& lab : labs) {
        for (const Stage stage : all_stages()) {
            if (stage != Stage::speedup || lab.speed) columns.push_back(lab.number + " " + stage_name(stage));
        }
    }
    for (const auto& lab : labs) {
        if (!lab.speed) continue;
        const auto block = speed_columns(lab.number, lab.unit);
        columns.insert(columns.end(), block.begin(), block.end());
    }
    columns.push_back(kUploadNotesColumn);
    for (const auto& c : extra) columns.push_back(c.name);
    return columns;
}

namespace {

// One student's cell of `column`: a stage's points, a speed cell, the notes, or an extra column's.
std::string student_cell(const std::string& name, const SubmissionReport& submission, const std::string& column,
                         const std::vector<const SubmissionReport*>& reports,
                         const std::map<std::string, SpeedRanking>& rankings, const std::vector<GradebookColumn>& extra) {
    if (column == "student") return name;
    if (column == "total") return fmt::format("{:g}", submission.score());
    if (column == "max") return fmt::format("{:g}", submission.max_score());
    if (column == kUploadNotesColumn) return notes_cell(submission.upload_notes);
    for (const auto& c : extra) {
        if (c.name != column) continue;
        const auto cell = c.cells.find(name);
        return cell == c.cells.end() ? std::string() : cell->second;
    }
    for (const auto& r : submission.results) {
        if (test_name(r) != column) continue;
        if (r.verdict == Verdict::error) return "error";
        return r.verdict == Verdict::skipped ? std::string() : fmt::format("{:g}", r.points);
    }
    return leaderboard_cell(submission, column, reports, rankings);
}

std::string csv_line(const std::vector<std::string>& cells) {
    std::string line;
    for (std::size_t i = 0; i < cells.size(); ++i) line += (i == 0 ? "" : ",") + csv_field(cells[i]);
    return line + "\n";
}

}  // namespace

std::string gradebook_csv(const ClassReport& report, const std::vector<GradebookLab>& labs,
                          const std::vector<GradebookColumn>& extra) {
    const auto columns = gradebook_columns(labs, extra);
    const auto reports = report.reports();
    const auto rankings = speed_rankings(reports);
    std::string csv = csv_line(columns);
    for (const auto& [name, submission] : report.students) {
        std::vector<std::string> cells;
        for (const auto& column : columns) cells.push_back(student_cell(name, submission, column, reports, rankings, extra));
        csv += csv_line(cells);
    }
    for (const auto& name : report.missing) {
        std::vector<std::string> cells(columns.size());
        cells[0] = name;
        cells[1] = "missing";
        csv += csv_line(cells);
    }
    return csv;
}

std::vector<const SubmissionReport*> ClassReport::reports() const {
    std::vector<const SubmissionReport*> all;
    for (const auto& [name, submission] : students) all.push_back(&submission);
    return all;
}

nlohmann::json gradebook_json(const ClassReport& report, ResultsFormat format) {
    const auto reports = report.reports();
    const auto rankings = speed_rankings(reports);
    nlohmann::json students = nlohmann::json::array();
    for (const auto& [name, submission] : report.students) {
        students.push_back({{"student", name},
                            {"score", submission.score()},
                            {"max_score", submission.max_score()},
                            {"speed", speed_json(submission, reports, rankings)},
                            {"upload_notes", submission.upload_notes},
                            {"results", results_json(format, submission)}});
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
