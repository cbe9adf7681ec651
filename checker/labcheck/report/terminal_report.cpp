#include "report/terminal_report.hpp"

#include "report/report_text.hpp"
#include "util/text_escape.hpp"
#include "util/text_wrap.hpp"

#include <fmt/format.h>

#include <sstream>

namespace labcheck {

using course::columns;
using course::wrapped;

namespace {

constexpr std::size_t kWidth = 100;

// Display width of UTF-8 text: one column per code point (the reports use ×, µ and … only).
std::string shortened(const std::string& text, std::size_t width) {
    if (columns(text) <= width) return text;
    std::string out;
    std::size_t used = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const auto c = static_cast<unsigned char>(text[i]);
        if ((c & 0xC0) != 0x80) {
            if (used + 1 >= width) break;
            ++used;
        }
        out += text[i];
    }
    return out + "…";
}

std::string points_text(double points) {
    return points == static_cast<double>(static_cast<long>(points)) ? fmt::format("{}", static_cast<long>(points))
                                                                    : fmt::format("{:.2f}", points);
}

const char* verdict_column(Verdict v) {
    switch (v) {
        case Verdict::pass:
            return "pass";
        case Verdict::warn:
            return "warn";
        case Verdict::fail:
            return "FAIL";
        case Verdict::error:
            return "ERROR";
        case Verdict::skipped:
            return "later";
    }
    return "?";
}

}  // namespace

std::string terminal_report(const SubmissionReport& report) {
    std::string out = fmt::format("labcheck: {} on {}\n\n", report.submission, report.device_label);
    out += fmt::format("{:<4} {:<12} {:<6} {:>7}  {}\n", "lab", "stage", "result", "points", "reason");
    const std::size_t reason_width = kWidth - 34;
    for (const auto& r : report.results) {
        const std::string points = fmt::format("{}/{}", points_text(r.points), points_text(r.max_points));
        out += fmt::format("{:<4} {:<12} {:<6} {:>7}  {}\n", r.lab, stage_name(r.stage), verdict_column(r.verdict),
                           points, shortened(course::printable_text(r.reason), reason_width));
    }
    std::size_t failed = 0, errors = 0;
    for (const auto& r : report.results) {
        failed += r.verdict == Verdict::fail;
        errors += r.verdict == Verdict::error;
    }
    out += fmt::format("\ntotal {} / {} points in {:.0f} s: ", points_text(report.score()),
                       points_text(report.max_score()), report.seconds);
    if (errors > 0) {
        out += fmt::format("the grader could not judge {} stage(s); see the details.\n", errors);
    } else if (failed > 0) {
        out += fmt::format("{} of {} stages failed.\n", failed, report.results.size());
    } else {
        out += "every stage passed.\n";
    }

    std::string details;
    for (const auto& r : report.results) {
        const bool show_details = r.verdict != Verdict::pass && !r.details.empty();
        if (!show_details && r.feedback.empty()) continue;
        details += fmt::format("\n{} {}: {} ({})\n", r.lab, stage_name(r.stage), verdict_name(r.verdict),
                               r.file.empty() ? r.lab_folder : r.file);
        if (show_details) {
            details += wrapped(course::printable_text(capped_text(r.details, kMaxTestOutputBytes)), kWidth, 4);
        }
        // A table (the memory report): indented as it is, not wrapped.
        if (!r.feedback.empty()) details += "\n" + wrapped(capped_text(r.feedback, kMaxTestOutputBytes), std::string::npos, 4);
    }
    if (!details.empty()) out += "\ndetails\n" + details;
    // Whatever a student's file, folder name or a tool put in the text is written out visibly
    // (the reasons and details above already were, so that the widths count what is shown).
    return course::printable_text(out);
}

}  // namespace labcheck
