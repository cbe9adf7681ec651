#include "class/lateness.hpp"

#include "util/user_error.hpp"

#include <fmt/format.h>

#include <cctype>
#include <cmath>
#include <fstream>
#include <regex>

namespace labcheck {

namespace {

// Days from 1970-01-01 to year-month-day in the proleptic Gregorian calendar (H. Hinnant's algorithm).
std::int64_t days_from_civil(std::int64_t y, unsigned m, unsigned d) {
    y -= m <= 2;
    const std::int64_t era = (y >= 0 ? y : y - 399) / 400;
    const auto yoe = static_cast<unsigned>(y - era * 400);
    const unsigned doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + static_cast<std::int64_t>(doe) - 719468;
}

course::UserError bad_time(const std::string& text, const std::string& where) {
    return course::UserError({"an ISO 8601 time with its zone, e.g. 2026-11-23T23:59:00Z or 2026-11-23T23:59:00+01:00",
                              fmt::format("\"{}\"", text), where, "write the time with a date, hours, minutes and a zone"});
}

// A CSV row's fields; a quoted field may hold commas and doubled quotes.
std::vector<std::string> csv_fields(const std::string& line) {
    std::vector<std::string> fields(1);
    bool quoted = false;
    for (std::size_t i = 0; i < line.size(); ++i) {
        const char c = line[i];
        if (quoted && c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
            fields.back() += '"';
            ++i;
        } else if (c == '"') {
            quoted = !quoted;
        } else if (c == ',' && !quoted) {
            fields.emplace_back();
        } else if (c != '\r') {
            fields.back() += c;
        }
    }
    return fields;
}

std::string trimmed(const std::string& text) {
    const auto first = text.find_first_not_of(" \t");
    if (first == std::string::npos) return {};
    return text.substr(first, text.find_last_not_of(" \t") - first + 1);
}

}  // namespace

double iso8601_seconds(const std::string& text, const std::string& where) {
    static const std::regex form(
        R"(^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$)");
    std::smatch m;
    const std::string t = trimmed(text);
    if (!std::regex_match(t, m, form)) throw bad_time(text, where);
    const int month = std::stoi(m[2]), day = std::stoi(m[3]), hour = std::stoi(m[4]), minute = std::stoi(m[5]);
    const int second = m[6].matched ? std::stoi(m[6]) : 0;
    if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 60) {
        throw bad_time(text, where);
    }
    double seconds = static_cast<double>(days_from_civil(std::stoi(m[1]), month, day)) * 86400.0 + hour * 3600.0 +
                     minute * 60.0 + second + (m[7].matched ? std::stod("0" + m[7].str()) : 0.0);
    const std::string zone = m[8];
    if (zone != "Z") {
        const std::string digits = std::regex_replace(zone.substr(1), std::regex(":"), "");
        const int offset = std::stoi(digits.substr(0, 2)) * 3600 + std::stoi(digits.substr(2, 2)) * 60;
        seconds -= zone[0] == '+' ? offset : -offset;  // 12:00+01:00 is 11:00Z
    }
    return seconds;
}

std::map<std::string, double> read_submission_times(const std::filesystem::path& csv) {
    std::ifstream in(csv);
    if (!in) {
        throw course::UserError({"a CSV of submission times (student,timestamp)", "it could not be opened",
                                 csv.string(), "check the path given with --submission-times"});
    }
    std::map<std::string, double> times;
    std::string line;
    for (int number = 1; std::getline(in, line); ++number) {
        if (trimmed(line).empty() || trimmed(line).front() == '#') continue;
        const auto fields = csv_fields(line);
        std::string first = trimmed(fields[0]);
        for (auto& c : first) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        if (number == 1 && first == "student") continue;  // the header
        if (fields.size() < 2) {
            throw course::UserError({"a row `student,timestamp`", "a row with one field",
                                     fmt::format("{}:{}", csv.string(), number), "add the time after a comma"});
        }
        times[trimmed(fields[0])] = iso8601_seconds(fields[1], fmt::format("{}:{}", csv.string(), number));
    }
    return times;
}

LatenessColumn lateness_column(const std::map<std::string, double>& times, double deadline,
                               const std::vector<std::string>& students, const std::string& times_file) {
    LatenessColumn lateness;
    lateness.column.name = "hours late";
    for (const auto& student : students) {
        const auto found = times.find(student);
        if (found == times.end()) {
            lateness.warnings.push_back(fmt::format("no submission time for {} in {}: the \"hours late\" cell is empty",
                                                    student, times_file));
            continue;
        }
        // Rounded up to a hundredth: a second late still shows as late.
        const double hours = std::ceil(std::max(0.0, (found->second - deadline) / 3600.0) * 100.0) / 100.0;
        lateness.column.cells[student] = hours == 0.0 ? "0" : fmt::format("{:.2f}", hours);
    }
    return lateness;
}

}  // namespace labcheck
