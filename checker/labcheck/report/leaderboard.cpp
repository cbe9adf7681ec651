#include "report/leaderboard.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <functional>

namespace labcheck {

namespace {

bool right_kernel(const SubmissionReport& report, const std::string& lab) {
    return std::any_of(report.results.begin(), report.results.end(), [&](const StageResult& r) {
        return r.lab == lab && r.stage == Stage::correctness && (r.verdict == Verdict::pass || r.verdict == Verdict::warn);
    });
}

// The speedup result that timed a right kernel of `lab` with a rate, or nullptr.
const StageResult* timed(const SubmissionReport& report, const std::string& lab) {
    for (const auto& r : report.results) {
        if (r.lab == lab && r.stage == Stage::speedup && r.rate && *r.rate > 0.0 && right_kernel(report, lab)) return &r;
    }
    return nullptr;
}

double rounded(double value, int digits) {
    const double scale = std::pow(10.0, digits);
    return std::round(value * scale) / scale;
}

// The rates of `lab` across the reports, fastest first, with the device limits measured beside them.
struct LabTimes {
    std::vector<double> rates, limits;
    bool off_gpu = false;  // some run was on a CPU device, or on one its record does not name
};

LabTimes lab_times(const std::vector<const SubmissionReport*>& reports, const std::string& lab) {
    LabTimes times;
    for (const auto* report : reports) {
        const auto* r = timed(*report, lab);
        if (r == nullptr) continue;
        times.rates.push_back(*r->rate);
        if (r->ceiling && *r->ceiling > 0.0) times.limits.push_back(*r->ceiling);
        if (not_rankable(*report)) times.off_gpu = true;
    }
    std::sort(times.rates.rbegin(), times.rates.rend());
    return times;
}

SpeedRanking not_comparable(std::string cell, std::string reason) { return {false, std::move(cell), std::move(reason)}; }

SpeedRanking lab_ranking(const std::string& lab, const LabTimes& times) {
    if (times.off_gpu) {
        return not_comparable("not comparable (CPU device)",
                              fmt::format("lab {}: timed on a CPU device, shared with whatever else the machine runs "
                                          "(one kernel timed twice can differ by half): the speed figures are each "
                                          "student's own, not a ranking",
                                          lab));
    }
    const bool all_equal = std::adjacent_find(times.rates.begin(), times.rates.end(), std::not_equal_to<>()) ==
                           times.rates.end();
    if (times.rates.size() < 2 || all_equal) return {};  // one rate, or copies of one kernel: one shared rank
    if (times.limits.size() < 2) {
        return not_comparable("not comparable (noise unknown)",
                              fmt::format("lab {}: the device's limit was measured in fewer than two runs, so how much "
                                          "the timing varied between runs is unknown: not ranked",
                                          lab));
    }
    const auto [low, high] = std::minmax_element(times.limits.begin(), times.limits.end());
    SpeedRanking ranking;
    ranking.spread = *high / *low - 1.0;
    return ranking;
}

// "3 of 28", or "2= of 28" when the rate shares its rank: equal to a neighbour's, or within the
// limit's spread of it (neighbours chained that way form one group, ranked after every faster one).
std::string rank_text(const SubmissionReport& report, const std::string& lab,
                      const std::vector<const SubmissionReport*>& reports, const SpeedRanking& ranking) {
    const auto* mine = timed(report, lab);
    if (mine == nullptr) return {};
    if (!ranking.comparable) return ranking.cell;
    const auto rates = lab_times(reports, lab).rates;  // fastest first
    std::size_t group_start = 0;  // the first index of the current group
    for (std::size_t i = 0; i < rates.size(); ++i) {
        if (i > 0 && rates[i - 1] / rates[i] - 1.0 > ranking.spread) group_start = i;
        if (rates[i] != *mine->rate) continue;
        std::size_t group_end = i + 1;
        while (group_end < rates.size() && rates[group_end - 1] / rates[group_end] - 1.0 <= ranking.spread) ++group_end;
        const bool shared = group_end - group_start > 1;
        return fmt::format("{}{} of {}", group_start + 1, shared ? "=" : "", rates.size());
    }
    return {};
}

// The lab of a speed column: "04 GFLOP/s" -> "04".
std::string column_lab(const std::string& column) { return column.substr(0, column.find(' ')); }

}  // namespace

std::vector<std::string> speed_columns(const std::string& lab, course::RateUnit unit) {
    return {fmt::format("{} {}", lab, course::rate_unit_text(unit)), lab + " % of limit", lab + " speedup (×)",
            lab + " device", lab + " speed rank"};
}

std::vector<LeaderboardEntry> leaderboard_entries(const SubmissionReport& report) {
    std::vector<LeaderboardEntry> entries;
    for (const auto& r : report.results) {
        if (r.stage != Stage::speedup || timed(report, r.lab) != &r) continue;
        const auto unit = course::rate_unit_from_text(r.rate_unit);
        if (!unit) continue;  // a record from a grader that wrote another unit: no figure to place
        const auto names = speed_columns(r.lab, *unit);
        entries.push_back({names[0], rounded(*r.rate, 2)});
        if (r.ceiling && *r.ceiling > 0.0) entries.push_back({names[1], rounded(100.0 * *r.rate / *r.ceiling, 1)});
        if (r.ratio) entries.push_back({names[2], rounded(*r.ratio, 2)});
    }
    return entries;
}

std::optional<std::string> not_rankable(const SubmissionReport& report) {
    if (!report.device_class) return "the device it was timed on is not recorded";
    if (*report.device_class != course::DeviceClass::gpu) {
        return "timed on a CPU device, shared with whatever else the machine runs: times are not comparable "
               "between students";
    }
    return std::nullopt;
}

bool cpu_leaderboard(const SubmissionReport& report) {
    return report.device_class && *report.device_class == course::DeviceClass::cpu;
}

nlohmann::json gradescope_leaderboard(const SubmissionReport& report) {
    nlohmann::json board = nlohmann::json::array();
    if (!report.device_class) return board;  // an older record: what it was timed on is unknown
    for (const auto& e : leaderboard_entries(report)) {
        // On a CPU device only the speedup: a ratio to the baseline timed in the same rounds, which the
        // machine's load moves far less than a rate.
        if (cpu_leaderboard(report) && e.name.find(" speedup (×)") == std::string::npos) continue;
        board.push_back({{"name", e.name}, {"value", e.value}, {"order", "desc"}});
    }
    return board;
}

std::map<std::string, SpeedRanking> speed_rankings(const std::vector<const SubmissionReport*>& reports) {
    std::map<std::string, SpeedRanking> rankings;
    for (const auto* report : reports) {
        for (const auto& r : report->results) {
            if (r.stage != Stage::speedup || timed(*report, r.lab) != &r || rankings.count(r.lab) != 0) continue;
            rankings[r.lab] = lab_ranking(r.lab, lab_times(reports, r.lab));
        }
    }
    return rankings;
}

std::string leaderboard_cell(const SubmissionReport& report, const std::string& column,
                             const std::vector<const SubmissionReport*>& reports,
                             const std::map<std::string, SpeedRanking>& rankings) {
    const auto lab = column_lab(column);
    if (column == lab + " device") return timed(report, lab) != nullptr ? report.device_label : std::string();
    if (column == lab + " speed rank") {
        const auto ranking = rankings.find(lab);
        return rank_text(report, lab, reports, ranking == rankings.end() ? SpeedRanking{} : ranking->second);
    }
    for (const auto& e : leaderboard_entries(report)) {
        if (e.name == column) return fmt::format("{:g}", e.value);
    }
    return {};
}

nlohmann::json speed_json(const SubmissionReport& report, const std::vector<const SubmissionReport*>& reports,
                          const std::map<std::string, SpeedRanking>& rankings) {
    nlohmann::json speed = nlohmann::json::object();
    for (const auto& [lab, ranking] : rankings) {
        const auto* r = timed(report, lab);
        if (r == nullptr) continue;
        const bool limit = r->ceiling && *r->ceiling > 0.0;
        const auto rank = rank_text(report, lab, reports, ranking);
        speed[lab] = {{"rate", *r->rate},
                      {"rate_unit", r->rate_unit},
                      {"limit", limit ? nlohmann::json(*r->ceiling) : nlohmann::json(nullptr)},
                      {"limit_name", r->ceiling_name},
                      {"percent_of_limit", limit ? nlohmann::json(rounded(100.0 * *r->rate / *r->ceiling, 1))
                                                 : nlohmann::json(nullptr)},
                      {"speedup", r->ratio ? nlohmann::json(*r->ratio) : nlohmann::json(nullptr)},
                      {"device", report.device_label},
                      {"rank", ranking.comparable ? nlohmann::json(rank) : nlohmann::json(nullptr)}};
    }
    return speed;
}

}  // namespace labcheck
