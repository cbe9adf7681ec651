#include "class/lateness.hpp"

#include "util/user_error.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
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

std::optional<IsoTime> parse_iso8601(const std::string& text) {
    static const std::regex form(
        R"(^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})([.,]\d+)?)?\s*(Z|z|UTC|[+-]\d{2}(?::?\d{2})?)?$)");
    std::smatch m;
    const std::string t = trimmed(text);
    if (!std::regex_match(t, m, form)) return std::nullopt;
    const int month = std::stoi(m[2]), day = std::stoi(m[3]), hour = std::stoi(m[4]), minute = std::stoi(m[5]);
    const int second = m[6].matched ? std::stoi(m[6]) : 0;
    if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 60) return std::nullopt;
    std::string fraction = m[7].matched ? m[7].str() : std::string(".0");
    fraction[0] = '.';  // 23:59:59,5 is 23:59:59.5
    IsoTime time;
    time.wall_seconds = static_cast<double>(days_from_civil(std::stoi(m[1]), month, day)) * 86400.0 +
                        hour * 3600.0 + minute * 60.0 + second + std::stod("0" + fraction);
    if (!m[8].matched) return time;
    const std::string zone = m[8];
    if (zone == "Z" || zone == "z" || zone == "UTC") {
        time.offset_seconds = 0;
        return time;
    }
    const std::string digits = std::regex_replace(zone.substr(1), std::regex(":"), "");
    const int hours = std::stoi(digits.substr(0, 2)), minutes = digits.size() > 2 ? std::stoi(digits.substr(2, 2)) : 0;
    if (hours > 23 || minutes > 59) return std::nullopt;
    time.offset_seconds = (zone[0] == '+' ? 1 : -1) * (hours * 3600 + minutes * 60);  // 12:00+01:00 is 11:00Z
    return time;
}

namespace {

IsoTime zoned_time(const std::string& text, const std::string& where) {
    const auto time = parse_iso8601(text);
    if (!time || !time->offset_seconds) throw bad_time(text, where);
    return *time;
}

// The warning for a row that could not be read: the line, the text, what to write instead.
std::string bad_row(const std::string& where, const std::string& student, const std::string& text) {
    return fmt::format("{}: \"{}\" is not an ISO 8601 time (e.g. 2026-11-23T23:59:00+01:00 or 2026-11-23 "
                       "23:59:00 +0100): {} is marked \"time unknown\"; correct the row and run --collect again",
                       where, text, student.empty() ? std::string("the row") : student);
}

}  // namespace

double iso8601_seconds(const std::string& text, const std::string& where) {
    return zoned_time(text, where).utc_seconds();
}

int iso8601_offset(const std::string& text, const std::string& where) { return *zoned_time(text, where).offset_seconds; }

SubmissionTimes read_submission_times(const std::filesystem::path& csv, int default_offset) {
    std::ifstream in(csv);
    if (!in) {
        throw course::UserError({"a CSV of submission times (student,timestamp)", "it could not be opened",
                                 csv.string(), "check the path given with --submission-times"});
    }
    SubmissionTimes read;
    std::vector<int> zoneless;
    std::string line;
    for (int number = 1; std::getline(in, line); ++number) {
        if (trimmed(line).empty() || trimmed(line).front() == '#') continue;
        const auto fields = csv_fields(line);
        const std::string student = trimmed(fields[0]);
        std::string first = student;
        for (auto& c : first) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        if (number == 1 && first == "student") continue;  // the header
        const std::string where = fmt::format("{}:{}", csv.string(), number);
        if (const auto earlier = read.lines.find(student); earlier != read.lines.end()) {
            read.warnings.push_back(fmt::format("{} is listed twice ({}:{} and line {}): the later time counts",
                                                student, csv.string(), earlier->second, number));
        }
        read.lines[student] = number;
        const auto time = fields.size() < 2 ? std::nullopt : parse_iso8601(fields[1]);
        if (!time || student.empty()) {
            read.warnings.push_back(bad_row(where, student, fields.size() < 2 ? line : trimmed(fields[1])));
            if (!student.empty()) read.unknown.insert(student);
            continue;
        }
        if (!time->offset_seconds) zoneless.push_back(number);
        const double seconds = time->utc_seconds(default_offset);
        const auto [it, added] = read.times.emplace(student, seconds);
        if (!added) it->second = std::max(it->second, seconds);
    }
    if (!zoneless.empty()) {
        read.warnings.push_back(fmt::format("{}: {} time(s) without a zone (first at line {}) were read in the "
                                            "deadline's zone (UTC{:+03d}:{:02d}); add the zone if they are not",
                                            csv.string(), zoneless.size(), zoneless.front(), default_offset / 3600,
                                            std::abs(default_offset % 3600) / 60));
    }
    return read;
}

LatenessColumn lateness_column(const SubmissionTimes& times, double deadline,
                               const std::vector<std::string>& students, const std::string& times_file) {
    LatenessColumn lateness;
    lateness.column.name = "hours late";
    lateness.warnings = times.warnings;
    std::vector<std::string> without_time;
    for (const auto& student : students) {
        if (times.unknown.count(student) != 0) {
            lateness.column.cells[student] = "time unknown";
            continue;
        }
        const auto found = times.times.find(student);
        if (found == times.times.end()) {
            without_time.push_back(student);
            continue;
        }
        // Rounded up to a hundredth: a second late still shows as late.
        const double hours = std::ceil(std::max(0.0, (found->second - deadline) / 3600.0) * 100.0) / 100.0;
        lateness.column.cells[student] = hours == 0.0 ? "0" : fmt::format("{:.2f}", hours);
    }
    // One warning for all of them: a class whose file lists a few students must not flood the terminal.
    if (!without_time.empty()) {
        lateness.warnings.push_back(fmt::format("no submission time in {} for {} student(s): {}; their \"hours late\" "
                                                "cells are empty",
                                                times_file, without_time.size(), fmt::join(without_time, ", ")));
    }
    std::string strangers;
    for (const auto& [student, line] : times.lines) {
        if (std::find(students.begin(), students.end(), student) != students.end()) continue;
        strangers += fmt::format("{}{} (line {})", strangers.empty() ? "" : ", ", student, line);
    }
    if (!strangers.empty()) {
        lateness.warnings.push_back(fmt::format("{} has rows for students with no folder in the class: {}; they are "
                                                "in no gradebook row: check the names against the folders",
                                                times_file, strangers));
    }
    return lateness;
}

}  // namespace labcheck
