// Stage 1, build: does the kernel file compile, and does it hold the kernel the
// contract names with the contract's parameters.
#include "stages/stages.hpp"

#include <fmt/format.h>

#include <set>
#include <sstream>
#include <vector>

namespace labcheck {

namespace {

std::string first_error_line(const std::string& log) {
    std::istringstream in(log);
    for (std::string line; std::getline(in, line);) {
        const auto at = line.find("error:");
        if (at != std::string::npos) return line.substr(at + 6 + (line.size() > at + 6 && line[at + 6] == ' '));
    }
    return {};
}

std::string first_line(const std::string& text) {
    return text.substr(0, text.find('\n'));
}

// The compiler's warnings without the notes some drivers print for every kernel
// (NVIDIA: "Function matmul is a kernel, so overriding noinline attribute ..."),
// which say nothing about the student's code. Empty when nothing else is left.
std::string real_warnings(const std::string& log) {
    static const char* const boilerplate[] = {"so overriding noinline attribute"};
    // A diagnostic is its "warning:" line and the quoted source under it. A runtime that builds
    // twice (PoCL with its cache) may log the same diagnostic twice: each is kept once.
    std::vector<std::string> diagnostics(1);
    std::istringstream in(log);
    for (std::string line; std::getline(in, line);) {
        bool skip = false;
        for (const char* note : boilerplate) skip = skip || line.find(note) != std::string::npos;
        if (skip) continue;
        if (line.find("warning:") != std::string::npos) diagnostics.emplace_back();
        diagnostics.back() += line + "\n";
    }
    std::string kept;
    std::set<std::string> seen;
    for (const auto& diagnostic : diagnostics)
        if (seen.insert(diagnostic).second) kept += diagnostic;
    return kept.find_first_not_of(" \t\r\n") == std::string::npos ? std::string() : kept;
}

// The table's line for a kernel that did not build, by what went wrong.
std::string failure_reason(const LabUnderTest& lab, const BuildEvent& build) {
    const std::string& happened = build.happened;
    switch (build.failure) {
        case BuildFailure::compile_error: {
            const std::string error = first_error_line(build.log);
            return fmt::format("does not compile: {}{}", build.line > 0 ? fmt::format("line {}: ", build.line) : "",
                               error.empty() ? "see details" : error);
        }
        case BuildFailure::missing_kernel:
            return fmt::format("missing kernel: {}", happened);
        case BuildFailure::wrong_signature:
            return fmt::format("wrong signature: {}", happened);
        case BuildFailure::unreadable_file:
            return fmt::format("kernel file {}: {}", build.file.empty() ? lab.file_display() : build.file, happened);
        case BuildFailure::opencl_error:
        case BuildFailure::other:
            break;
    }
    return first_line(happened.empty() ? build.message : happened);
}

// Lines the build left out of what it compiled (an include in `#ifdef __CLION_IDE__`, `#line 6`):
// a warning with full points, so that the student knows the grader compiled the file without them.
void note_left_out(const std::vector<std::string>& left_out, StageResult& r) {
    if (left_out.empty()) return;
    if (r.verdict == Verdict::pass) {
        r.reason = left_out.size() == 1
                       ? "builds; " + left_out.front()
                       : fmt::format("builds; {} preprocessor lines left out of what was compiled (see details)",
                                     left_out.size());
    }
    r.verdict = Verdict::warn;
    std::string text =
        "The grader left these lines out of the text every compiler reads (each replaced by spaces, so every other "
        "line keeps its number); this costs no points:\n";
    for (const auto& line : left_out) text += "  " + line + "\n";
    r.details = text + r.details;
}

}  // namespace

StageResult evaluate_build(const LabUnderTest& lab, const UnitRun& check) {
    StageResult r = empty_result(lab, Stage::build);
    r.seconds = check.outcome.seconds;

    const auto* build = check.first<BuildEvent>();
    if (build == nullptr) {
        const AbnormalEnd end = abnormal_end(check, unfinished_activity(check));
        const auto* error = check.first<ErrorEvent>();
        if (end.happened && !end.grader_problem) {
            r.verdict = Verdict::fail;
            r.reason = first_line(end.text);
            r.details = end.text;
        } else {
            r.verdict = Verdict::error;
            const std::string why = end.happened       ? end.text
                                    : error != nullptr ? error->message
                                                       : std::string("the worker reported no build");
            r.reason = "grader error: " + first_line(why);
            r.details = why;
        }
        return r;
    }
    if (build->ok) {
        const std::string warnings = real_warnings(build->warnings);
        const std::string defines = build->defines.summary();
        r.points = r.max_points;
        r.verdict = warnings.empty() ? Verdict::pass : Verdict::warn;
        r.reason = warnings.empty() ? fmt::format("builds{}", defines.empty() ? "" : " with " + defines)
                                    : "builds, with compiler warnings (see details)";
        if (!warnings.empty()) r.details = "The compiler warned:\n" + warnings;
        // How the lab was set up, said once (lab 07 in a student edition: the lab-06 kernel multiplies).
        if (const std::string& note = build->note; !note.empty()) {
            if (warnings.empty()) r.reason = "builds; " + note;
            r.verdict = Verdict::warn;
            r.details = note + ".\n" + r.details;
        }
        note_left_out(build->left_out, r);
        return r;
    }
    r.verdict = Verdict::fail;
    r.details = build->message;
    r.reason = failure_reason(lab, *build);
    return r;
}

}  // namespace labcheck
