// Grading a whole class: a folder with one submission folder per student (each
// laid out like labs/). Every student is graded on their own, every kernel in
// its own child process, so one student's hang or crash costs only their test.
// The gradebook is a CSV (one row per student, one column per lab and stage)
// and a JSON with each student's Gradescope-style results.
#pragma once

#include "stages/submission_grading.hpp"

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

// student,total,max,01 build,01 correctness,... with one row per student, then the speed columns
// (leaderboard.hpp: per lab the rate, the share of the device's limit, the speedup, the device and the
// rank, or why the lab's times cannot be ranked), then `extra`; a missing student's row says "missing" in the total and has no
// other cells.
std::string gradebook_csv(const ClassReport& report, const std::vector<GradebookColumn>& extra = {});

// {"students": [{"student": "alice", "score": .., "max_score": .., "speed": {"04": {...}} (leaderboard.hpp),
//  "results": <results.json>}, ...], "missing": ["bob", ...],
//  "speed_ranking": {"04": {"comparable": false, "reason": "..."}}}
nlohmann::json gradebook_json(const ClassReport& report);

// One sentence per lab whose speed cannot be ranked across the class (leaderboard.hpp's speed_rankings).
std::vector<std::string> speed_ranking_warnings(const ClassReport& report);

// A field quoted for CSV when it needs to be (util/text_escape.hpp).
using course::csv_field;

}  // namespace labcheck
