// The speed figures of right kernels, for Gradescope's leaderboard and the class
// gradebook: per lab whose correctness stage passed and whose speedup stage timed
// it, the rate at the timed size (GFLOP/s or GB/s), its share of the device's
// limit measured in the same run (device_ceiling.hpp), and the speedup over the
// lab's baseline. Bigger is better for all three.
#pragma once

#include "stages/submission_grading.hpp"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace labcheck {

struct LeaderboardEntry {
    std::string name;  // "04 GFLOP/s", "04 % of FMA peak", "04 speedup (×)"
    double value = 0.0;
};

std::vector<LeaderboardEntry> leaderboard_entries(const SubmissionReport& report);

// Gradescope's "leaderboard" list: {"name", "value", "order": "desc"} per entry (faster ranks first).
nlohmann::json gradescope_leaderboard(const SubmissionReport& report);

// The gradebook's speed columns: every entry name any of `reports` has, in order of appearance.
std::vector<std::string> leaderboard_columns(const std::vector<const SubmissionReport*>& reports);

// The cell of `column` for one student: the value, or empty when that student has none.
std::string leaderboard_cell(const SubmissionReport& report, const std::string& column);

}  // namespace labcheck
