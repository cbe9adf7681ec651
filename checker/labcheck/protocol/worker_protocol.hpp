// How labcheck talks to the child processes it runs a kernel in. The parent
// writes a job (JSON) to a file and runs `labcheck --worker-job JOB
// --worker-events EVENTS`; the worker appends one JSON object per line to
// EVENTS as it goes ("build", "check-start", "check", ...), each line written
// with a single write(), so whatever happened before a crash or a time-out is
// still there for the parent to read.
#pragma once

#include "plan/check_plan.hpp"
#include "protocol/harness_json.hpp"
#include "protocol/worker_events.hpp"

#include "terms/defines.hpp"
#include "harness/device_choice.hpp"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <string>
#include <vector>

namespace labcheck {

enum class JobKind {
    probe,            // open the device and say what it is
    check,            // build the kernel, then check it at `checks`
    static_analysis,  // libclang barrier analysis of the kernel file (no OpenCL)
    dynamic,          // like check, run under Oclgrind at small sizes
    speedup,          // time the kernel against the lab's baseline
};
inline constexpr JobKind kJobKinds[] = {JobKind::probe, JobKind::check, JobKind::static_analysis, JobKind::dynamic,
                                        JobKind::speedup};

struct WorkerJob {
    JobKind kind = JobKind::probe;
    std::string root;             // the course repository
    std::string lab_folder;       // "02-transpose-local"
    std::string kernels_dir;      // the folder laid out like labs/
    std::string kernels_display;  // how messages name it: "labs", "solutions", "submissions/alice"
    std::string device;           // --device pattern ("" = default)
    course::DeviceClass device_class = course::DeviceClass::cpu;  // which lab.toml settings apply
    course::Defines defines;  // -D overrides on top of lab.toml
    std::string define_set;  // the name of the define set `defines` is ("cpu defaults", "asymmetric", ...)
    // PoCL's work-group compiler for this run ("cbs"; "" = PoCL's default): a check job is run
    // again with "cbs" when it fails on PoCL, to tell a PoCL miscompilation from a wrong kernel.
    std::string pocl_work_group_method;
    // A timing job compiled ahead like the checks (harness/compile_ahead.hpp): PoCL's work-group
    // functions for every size instead of the faster ones specialised to the timed size.
    bool compile_ahead = false;
    // A timing job: the speedup stage's threshold, so that the timing can end as soon as its rounds
    // decide against it (0: every round the plan asks for).
    double min_ratio = 0.0;
    std::vector<SizeCheck> checks;
};

// Exit statuses of a worker beyond 0 (it said everything in its events).
inline constexpr int kWorkerOutOfMemory = 3;    // an allocation failed (the memory limit)
inline constexpr int kWorkerInternalError = 4;  // a bug or broken install: see its "error" event

nlohmann::json job_to_json(const WorkerJob& job);
WorkerJob job_from_json(const nlohmann::json& json);  // throws on a malformed job

const char* job_kind_name(JobKind kind);

// Appends events to a file, one line each, flushed at once.
class EventWriter {
public:
    explicit EventWriter(const std::filesystem::path& file);
    ~EventWriter();
    EventWriter(const EventWriter&) = delete;
    EventWriter& operator=(const EventWriter&) = delete;

    void write(const WorkerEvent& event);

private:
    int fd_ = -1;
};

// Every complete event in the file, read into its struct; a line cut short by a crash is skipped.
WorkerEvents read_events(const std::filesystem::path& file);

}  // namespace labcheck
