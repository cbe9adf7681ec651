#include "harness/build_log.hpp"

#include <fmt/format.h>

#include <regex>
#include <sstream>
#include <vector>

namespace course {

namespace {

// Names compilers give to source passed as a string rather than a file:
// PoCL's cache temp files, "<kernel>" (NVIDIA), "<source>", "input.cl", "program_source".
const std::regex& anonymous_location() {
    static const std::regex pattern(
        R"((\S*/tempfile_\w+\.cl|\S*/kcache/\S+?\.cl|<kernel>|<source>|<stdin>|input\.cl|program_source|source\.cl)(:\d+(:\d+)?))");
    return pattern;
}

// "error: FILE:12:5: text" (PoCL) or "FILE:12:5: error: text" (clang, NVIDIA), with the location's
// file in group 2 and its line in group 3. The file part takes no ':' so "a:1:2" splits right.
const std::regex& located_diagnostic() {
    static const std::regex pattern(
        R"(^\s*((?:fatal error|error|warning|note|remark):\s*)?([^:\n]+?):(\d+)(?::(\d+))?:\s*(.*)$)");
    return pattern;
}

bool unlocated_diagnostic(const std::string& line) {
    static const std::regex pattern(R"(^\s*(fatal error|error|warning|note|remark):)");
    return std::regex_search(line, pattern);
}

// "2 errors generated.": says nothing of any file's text.
bool summary_line(const std::string& line) {
    static const std::regex summary(R"(^\s*\d+ (warning|error)s?( and \d+ (warning|error)s?)? generated\.?\s*$)");
    return std::regex_match(line, summary);
}

bool only_markers(const std::string& line) {
    return line.find_first_not_of(" \t^~") == std::string::npos;
}

// The student's line `number` with tabs expanded as clang prints them (tab stops of 8).
std::string own_line(const std::vector<std::string>& lines, unsigned number) {
    if (number == 0 || number > lines.size()) return {};
    std::string expanded;
    for (const char c : lines[number - 1]) {
        if (c == '\t') {
            expanded.append(8 - expanded.size() % 8, ' ');
        } else if (c != '\r') {
            expanded += c;
        }
    }
    return expanded;
}

}  // namespace

std::string student_diagnostics(const std::string& mapped_log, const std::string& display_path,
                                const std::string& source_text) {
    std::vector<std::string> source_lines;
    {
        std::istringstream in(source_text);
        for (std::string line; std::getline(in, line);) source_lines.push_back(line);
    }
    enum class After { nothing, own_header, own_quote, foreign };
    After after = After::nothing;
    unsigned own_line_number = 0;
    std::size_t left_out = 0;
    std::string kept;
    std::istringstream in(mapped_log);
    for (std::string line; std::getline(in, line);) {
        std::smatch match;
        if (line.rfind("In file included from", 0) == 0) {
            ++left_out;
        } else if (std::regex_match(line, match, located_diagnostic())) {
            if (match[2].str() == display_path) {
                kept += line + "\n";
                after = After::own_header;
                own_line_number = static_cast<unsigned>(std::stoul(match[3].str()));
            } else {
                after = After::foreign;
                ++left_out;
            }
        } else if (summary_line(line)) {
            kept += line + "\n";
            after = After::nothing;
        } else if (unlocated_diagnostic(line) && after != After::foreign) {
            // (after a diagnostic about another file, a line that looks like one may be that file's
            // text quoted: it is left out with the rest of that diagnostic)
            kept += line + "\n";
            after = After::nothing;
        } else if (after == After::own_header && !only_markers(line)) {
            kept += own_line(source_lines, own_line_number) + "\n";  // the quoted line: the student's own
            after = After::own_quote;
        } else if ((after == After::own_header || after == After::own_quote) && only_markers(line)) {
            if (line.find_first_not_of(" \t") != std::string::npos) kept += line + "\n";
            after = After::own_quote;
        } else if (line.find_first_not_of(" \t\r") != std::string::npos) {
            ++left_out;
            if (after == After::own_header || after == After::own_quote) after = After::nothing;
        }
    }
    if (left_out > 0) {
        kept += fmt::format("({} line(s) of the compiler's output about other files, or not about a line of {}, "
                            "left out)\n",
                            left_out, display_path);
    }
    return kept;
}

std::string map_build_log(const std::string& log, const std::string& display_path) {
    return std::regex_replace(log, anonymous_location(), display_path + "$2");
}

unsigned first_error_line(const std::string& mapped_log, const std::string& display_path) {
    const std::regex located(std::regex_replace(display_path, std::regex(R"([.^$|()\[\]{}*+?\\])"), R"(\$&)") +
                             R"(:(\d+)(:\d+)?:?\s*(fatal )?error)");
    const std::regex error_first(R"(error:\s*)" +
                                 std::regex_replace(display_path, std::regex(R"([.^$|()\[\]{}*+?\\])"), R"(\$&)") +
                                 R"(:(\d+))");
    std::smatch match;
    if (std::regex_search(mapped_log, match, error_first)) return static_cast<unsigned>(std::stoul(match[1]));
    if (std::regex_search(mapped_log, match, located)) return static_cast<unsigned>(std::stoul(match[1]));
    return 0;
}

}  // namespace course
