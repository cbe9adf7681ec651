// Grading a whole class: a folder with one submission folder per student (each
// laid out like labs/). Every student is graded on their own, every kernel in
// its own child process, so one student's hang or crash costs only their test.
// The gradebook is a CSV (one row per student, one column per lab and stage)
// and a JSON with each student's Gradescope-style results.
#pragma once

#include "report/report_formats.hpp"
#include "stages/submission_grading.hpp"

#include "description/rate_unit.hpp"

#include "util/text_escape.hpp"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace labcheck {

struct ClassReport {
    std::vector<std::pair<std::string, SubmissionReport>> students;  // by folder name, sorted
    std::vector<std::string> missing;     // students with no (current) results yet: see class_records.hpp
    std::set<std::string> configurations;  // the grader configurations the results were graded under

    int exit_status() const;  // the worst of the students'; 2 while some are missing
    std::vector<const SubmissionReport*> reports() const;  // the students' reports, in order
};

// The student folders of a class folder: its sub-folders, sorted, skipping hidden ones.
// Throws course::UserError when the folder does not exist or holds none.
std::vector<std::filesystem::path> student_folders(const std::filesystem::path& class_dir);

// A column the gradebook adds at the end (lateness.hpp's "hours late").
struct GradebookColumn {
    std::string name;
    std::map<std::string, std::string> cells;  // by student; one not in it gets an empty cell
};

// What the gradebook's columns are made of: the labs graded, in lab order, each with whether it
// has a speed target and the unit of its rate. The columns follow from these alone, never from
// which students were graded or what they handed in, so every run of a class has the same header.
struct GradebookLab {
    std::string number;  // "04"
    bool speed = false;  // the lab has a [speedup]: a speedup column and a speed block
    course::RateUnit unit = course::RateUnit::gigaflops_per_second;
};
std::vector<GradebookLab> gradebook_labs(const std::filesystem::path& root, const std::vector<std::string>& lab_folders);

// The header, declared once (checker/README.md, "The gradebook's columns", lists it):
// student,total,max, then per lab "NN build", "NN correctness", "NN barriers" and, with a speed
// target, "NN speedup"; then per lab with a speed target its speed block (leaderboard.hpp,
// speed_columns); then "upload notes"; then `extra` (lateness.hpp's "hours late").
std::vector<std::string> gradebook_columns(const std::vector<GradebookLab>& labs,
                                           const std::vector<GradebookColumn>& extra = {});

// The header and one row per student, every row as wide as the header: a stage's points ("error"
// when the grader could not judge it, empty when not graded), the speed cells (the rate, the
// share of the device's limit, the speedup, the device and the rank, or why the lab's times
// cannot be ranked), the upload notes (empty when none); a missing student's row says "missing"
// in the total and leaves every other cell empty.
std::string gradebook_csv(const ClassReport& report, const std::vector<GradebookLab>& labs,
                          const std::vector<GradebookColumn>& extra = {});

// {"students": [{"student": "alice", "score": .., "max_score": .., "speed": {"04": {...}} (leaderboard.hpp),
//  "results": <results.json in `format`>}, ...], "missing": ["bob", ...],
//  "speed_ranking": {"04": {"comparable": false, "reason": "..."}}}
nlohmann::json gradebook_json(const ClassReport& report, ResultsFormat format = ResultsFormat::gradescope);

// One sentence per lab whose speed cannot be ranked across the class (leaderboard.hpp's speed_rankings).
std::vector<std::string> speed_ranking_warnings(const ClassReport& report);

// A field quoted for CSV when it needs to be (util/text_escape.hpp).
using course::csv_field;

}  // namespace labcheck
