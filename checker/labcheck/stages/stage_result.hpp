// What the grader says about one stage of one lab: the verdict, the points,
// a one-line reason for the table and the full text for the details.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace labcheck {

enum class Stage { build, correctness, barriers, speedup };

enum class Verdict {
    pass,
    warn,  // passes, with something worth reading (full points)
    fail,
    error,  // the grader could not judge (a broken install, not the submission)
    skipped,  // graded elsewhere, not by this grader (the student edition's speed): no points, no maximum
};
const std::vector<Verdict>& all_verdicts();

// One problem in a kernel, from the static analysis or from Oclgrind.
struct Finding {
    std::string source;  // "static" or "oclgrind"
    std::string rule;    // e.g. "missing-barrier-read-after-write", "oclgrind-data-race"
    bool error = true;   // false: a warning
    std::string file;    // the student's file as messages name it
    unsigned line = 0;
    std::string summary;  // one line: "line 15: only 17 of 1024 work-items reach this barrier"
    std::string message;  // the paragraph a student reads
};

struct StageResult {
    std::string lab;         // "02"
    std::string lab_folder;  // "02-transpose-local"
    std::string file;        // the kernel file graded, as messages name it
    Stage stage = Stage::build;
    Verdict verdict = Verdict::fail;
    double points = 0.0;
    double max_points = 0.0;
    std::string reason;   // one line for the table
    std::string details;  // every message, for the details section
    std::string feedback;  // shown whatever the verdict, after the details; no points (--memory-feedback)
    bool upload_not_read = false;  // nothing of this lab was read from a student's upload (class_uploads.hpp)
    std::vector<Finding> findings;
    double seconds = 0.0;  // wall time of the child processes behind it
    // speedup only
    std::optional<double> baseline_seconds, submission_seconds, ratio, min_ratio;
    // speedup of a right kernel: its rate at the timed size, and the device limit measured in the same run
    std::optional<double> rate, ceiling;
    std::string rate_unit;     // "GFLOP/s", "GB/s"
    std::string ceiling_name;  // "FMA peak", "copy bandwidth"
    // In a class, the submission whose identical files were graded for this one (shared_verdicts.hpp);
    // empty when these files were graded here. For the instructor's records, never shown to the student.
    std::string shared_from;
};

const char* stage_name(Stage stage);  // "build"
std::optional<Stage> stage_from_name(const std::string& name);
const char* verdict_name(Verdict verdict);  // "pass", "warn", "fail", "error"

// Every stage in grading order.
const std::vector<Stage>& all_stages();

// The points a stage is worth (build 1, correctness 4, barriers 3, speedup 2): see checker/README.md.
double stage_points(Stage stage);

// "02 barriers": how reports and Gradescope name a test.
std::string test_name(const StageResult& result);

}  // namespace labcheck
