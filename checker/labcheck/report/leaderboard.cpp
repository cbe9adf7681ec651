#include "report/leaderboard.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace labcheck {

namespace {

bool right_kernel(const SubmissionReport& report, const std::string& lab) {
    return std::any_of(report.results.begin(), report.results.end(), [&](const StageResult& r) {
        return r.lab == lab && r.stage == Stage::correctness && (r.verdict == Verdict::pass || r.verdict == Verdict::warn);
    });
}

double rounded(double value, int digits) {
    const double scale = std::pow(10.0, digits);
    return std::round(value * scale) / scale;
}

}  // namespace

std::vector<LeaderboardEntry> leaderboard_entries(const SubmissionReport& report) {
    std::vector<LeaderboardEntry> entries;
    for (const auto& r : report.results) {
        if (r.stage != Stage::speedup || !r.rate || *r.rate <= 0.0 || !right_kernel(report, r.lab)) continue;
        entries.push_back({fmt::format("{} {}", r.lab, r.rate_unit), rounded(*r.rate, 2)});
        if (r.ceiling && *r.ceiling > 0.0) {
            entries.push_back({fmt::format("{} % of {}", r.lab, r.ceiling_name), rounded(100.0 * *r.rate / *r.ceiling, 1)});
        }
        if (r.ratio) entries.push_back({fmt::format("{} speedup (×)", r.lab), rounded(*r.ratio, 2)});
    }
    return entries;
}

nlohmann::json gradescope_leaderboard(const SubmissionReport& report) {
    nlohmann::json board = nlohmann::json::array();
    for (const auto& e : leaderboard_entries(report)) board.push_back({{"name", e.name}, {"value", e.value}, {"order", "desc"}});
    return board;
}

std::vector<std::string> leaderboard_columns(const std::vector<const SubmissionReport*>& reports) {
    std::vector<std::string> columns;
    for (const auto* report : reports) {
        for (const auto& e : leaderboard_entries(*report)) {
            if (std::find(columns.begin(), columns.end(), e.name) == columns.end()) columns.push_back(e.name);
        }
    }
    return columns;
}

std::string leaderboard_cell(const SubmissionReport& report, const std::string& column) {
    for (const auto& e : leaderboard_entries(report)) {
        if (e.name == column) return fmt::format("{:g}", e.value);
    }
    return {};
}

}  // namespace labcheck
