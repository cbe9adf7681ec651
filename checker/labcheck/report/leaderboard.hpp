// The speed figures of right kernels, for Gradescope's leaderboard and the class
// gradebook: per lab whose correctness stage passed and whose speedup stage timed
// it, the rate at the timed size (GFLOP/s or GB/s), its share of the device's
// limit measured in the same run (device_ceiling.hpp), and the speedup over the
// lab's baseline. Bigger is better for all three.
//
// Figures are ranked only where timing is comparable between students: never on a
// CPU device (PoCL shares the processor with everything else the machine runs, so
// one kernel timed twice can differ by half). On a GPU, the device's limit, the same
// kernel measured in every student's run, says how far one run's figures move: two
// rates closer than that spread are not told apart and share a rank ("2= of 9"), as
// equal rates do; every wider gap orders its neighbours.
#pragma once

#include "stages/submission_grading.hpp"

#include "description/rate_unit.hpp"

#include <nlohmann/json.hpp>

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace labcheck {

struct LeaderboardEntry {
    std::string name;  // "04 GFLOP/s", "04 % of FMA peak", "04 speedup (×)"
    double value = 0.0;
};

std::vector<LeaderboardEntry> leaderboard_entries(const SubmissionReport& report);

// Why one submission's times cannot be ranked against others' (timed on a CPU device, or on a
// device the report does not name), or nothing when they can.
std::optional<std::string> not_rankable(const SubmissionReport& report);

// Gradescope's "leaderboard" list: {"name", "value", "order": "desc"} per entry (faster ranks first).
// On a GPU every entry; on a CPU device the speedups alone (cpu_leaderboard): a rate there moves
// with the machine's load, a ratio to the baseline timed in the same rounds much less; empty when
// the device is not recorded.
nlohmann::json gradescope_leaderboard(const SubmissionReport& report);
bool cpu_leaderboard(const SubmissionReport& report);

// Whether one lab's speed can be ranked across a class, and in words why not.
struct SpeedRanking {
    bool comparable = true;
    std::string cell;    // "not comparable (CPU device)": what the rank cells say instead of a rank
    std::string reason;  // the whole sentence, for the instructor
    double spread = 0.0;  // the device limit's relative spread across the runs (max/min - 1)
};

// Per lab with speed figures: comparable when no student was timed on a CPU (or an unknown)
// device and, among different rates, the limit was measured in at least two runs; neighbours
// whose rates differ by no more than the limit's spread share a rank.
std::map<std::string, SpeedRanking> speed_rankings(const std::vector<const SubmissionReport*>& reports);

// The speed block of one lab, declared once for the leaderboard entries, the gradebook's columns
// and its JSON: "NN GB/s" (or GFLOP/s), "NN % of limit", "NN speedup (×)", "NN device", "NN speed rank".
std::vector<std::string> speed_columns(const std::string& lab, course::RateUnit unit);

// The cell of `column` for one student: the value, the device, the rank ("3 of 28") or the ranking's
// cell when not comparable; empty when that student has no figure for that lab.
std::string leaderboard_cell(const SubmissionReport& report, const std::string& column,
                             const std::vector<const SubmissionReport*>& reports,
                             const std::map<std::string, SpeedRanking>& rankings);

// The gradebook JSON's "speed" of one student: {"04": {"rate", "rate_unit", "limit", "limit_name",
// "percent_of_limit", "speedup", "device", "rank"}}, rank null when not comparable.
nlohmann::json speed_json(const SubmissionReport& report, const std::vector<const SubmissionReport*>& reports,
                          const std::map<std::string, SpeedRanking>& rankings);

}  // namespace labcheck
