// The events a worker reports to labcheck, one struct per event, each with its
// JSON form (one line of the events file: {"event": NAME, field: value, ...}).
//
// The worker writes them with EventWriter (worker_protocol.hpp); the parent reads
// the file once into WorkerEvents and looks at structs, never at names or JSON.
// A line the parent cannot read as an event it knows (an unknown name, a field of
// the wrong type, a required field missing) makes the whole run unreadable:
// WorkerEvents::unreadable says why, and no event of the run counts (a child that
// says something malformed is not believed about anything else).
#pragma once

#include "plan/check_plan.hpp"
#include "protocol/harness_json.hpp"

#include "description/rate_unit.hpp"
#include "terms/defines.hpp"
#include "harness/device_choice.hpp"
#include "problems/lab_problem.hpp"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace labcheck {

// The device the worker opened.
struct DeviceEvent {
    static constexpr const char* kName = "device";
    std::string label;     // "PoCL: cpu-haswell-..."
    std::string platform;  // the OpenCL platform's name
    course::DeviceClass device_class = course::DeviceClass::cpu;
};

// How a kernel file failed to build.
enum class BuildFailure { unreadable_file, compile_error, missing_kernel, wrong_signature, opencl_error, other };

// The kernel file was read and built, or why not.
struct BuildEvent {
    static constexpr const char* kName = "build";
    bool ok = false;
    std::string file;  // as messages name it ("" = the lab's kernel file)
    // When it built:
    std::string warnings;              // the compiler's log
    course::Defines defines;           // what it was built with: the lab's and the job's
    std::vector<std::string> kernels;  // every kernel the program holds
    std::string note;                  // how the lab was set up, said once (lab 07 in a student edition)
    std::vector<std::string> left_out;  // lines of the file no compiler was given (BuiltProgram::left_out)
    std::string source;                // the text Oclgrind's lines point into (dynamic jobs only)
    std::string vector_type;           // the first vector type of the file ("float4"; empty: none), for a crash
    unsigned vector_line = 0;          // ... and its line
    std::string other_kernels;         // the other kernels its launches run (lab 07: the GEMM), for a crash
    // When it did not:
    BuildFailure failure = BuildFailure::other;
    std::string message;   // the whole error, for the details
    std::string happened;  // what happened, in one phrase
    unsigned line = 0;     // compile errors: the first error's line (0: unknown)
    std::string log;       // compile errors: the compiler's log
};

// What a compilation step compiles.
enum class CompileWhat {
    submission,    // the student's kernel file (and, for lab 07, the GEMM its products use)
    baseline,      // the lab's speedup baseline
    first_launch,  // the timed kernels' first launches (PoCL compiles a kernel for its work-group size then)
};

// A compilation is about to begin: the compile limit, not the launch limit, runs from here
// (unit_runner.hpp), and its time does not count against the job's.
struct CompileStartEvent {
    static constexpr const char* kName = "compile-start";
    CompileWhat what = CompileWhat::submission;
};

// The compilation that the last compile-start began has ended (built or not).
struct CompileEndEvent {
    static constexpr const char* kName = "compile-end";
    CompileWhat what = CompileWhat::submission;
    double seconds = 0.0;  // the worker's CPU time while it compiled
};

// A check is about to launch the kernel (the launch time limit runs from here).
struct CheckStartEvent {
    static constexpr const char* kName = "check-start";
    SizeCheck check;
};

// One check's result.
struct CheckEvent {
    static constexpr const char* kName = "check";
    SizeCheck check;
    bool ok = false;
    bool unstable = false;  // two runs gave different results
    bool ran = true;        // the kernel ran to the end (false: the runtime refused or stopped it)
    std::string problem;    // what was wrong
    std::string repeating;  // a failure that reads the same at every size (SizeVerdict::repeating), or empty
};

// Why a define set was not run.
enum class SetSkip {
    device_limit,     // the device cannot run it (too much __local memory, a work-group too large)
    extension_unused, // an optional extension's set, and the kernel file does not use the extension
};

// The job's define set was not run.
struct SetSkippedEvent {
    static constexpr const char* kName = "set-skipped";
    std::string define_set;
    std::string reason;
    SetSkip kind = SetSkip::device_limit;
};

// The speedup job's medians, and the speedup of each round of interleaved launches (the baseline's
// device time over the kernel's), from which the stage takes the ratio and its interval.
struct TimingEvent {
    static constexpr const char* kName = "timing";
    SizeCheck check;
    double baseline_seconds = 0.0;
    double submission_seconds = 0.0;
    int repetitions = 0;
    std::vector<double> round_ratios;
    std::string tuned_file;  // the lab's tuned.toml when this device's entry set the timed defines, else ""
};

// The submission's rate at the timed size and the device's limit beside it, measured in the
// same process (device_ceiling.hpp: a transpose's copy in the same rounds as the timing, a
// product's FMA peak right after it): the leaderboard's figures.
struct RateEvent {
    static constexpr const char* kName = "rate";
    double rate = 0.0;
    course::RateUnit unit = course::RateUnit::gigaflops_per_second;
    std::optional<double> ceiling;  // nothing when it could not be measured (ceiling_error says why)
    course::RateCeiling ceiling_kind = course::RateCeiling::fma_peak;
    std::string ceiling_error;
    // A product's limit on a CPU device: the best of the FMA kernel and OpenBLAS (fma_peak.hpp).
    bool cpu_limit = false;
};

// Whose result a timed launch got wrong.
enum class TimedKernel { baseline, submission };

// A timed launch computed a wrong result (the speedup job stops there).
struct WrongResultEvent {
    static constexpr const char* kName = "wrong-result";
    TimedKernel who = TimedKernel::submission;
    SizeCheck check;
    int launch = 0;  // which timed launch (1 = the first)
    std::string message;
};

// The speedup job could not run the kernel at the timed size.
struct RunErrorEvent {
    static constexpr const char* kName = "run-error";
    std::string message;
};

// One finding of the static barrier analysis.
struct StaticFindingRecord {
    bool error = true;  // false: a warning
    std::string rule;
    std::string file;  // "" = the lab's kernel file
    unsigned line = 0, column = 0;
    std::string message;
};

// What the static barrier analysis found.
struct StaticEvent {
    static constexpr const char* kName = "static";
    std::vector<StaticFindingRecord> findings;
    std::optional<std::vector<std::string>> kernels;  // the kernels libclang saw (absent: not said)
};

// This labcheck was built without the static analysis.
struct StaticUnavailableEvent {
    static constexpr const char* kName = "static-unavailable";
};

// What kind of thing stopped the worker.
enum class WorkerErrorKind { baseline, memory, user, opencl, internal };

// The worker stopped on an error of its own, not the kernel's result.
struct ErrorEvent {
    static constexpr const char* kName = "error";
    WorkerErrorKind kind = WorkerErrorKind::internal;
    std::string message;
};

// The job ran to its end.
struct DoneEvent {
    static constexpr const char* kName = "done";
};

using WorkerEvent = std::variant<DeviceEvent, CompileStartEvent, CompileEndEvent, BuildEvent, CheckStartEvent, CheckEvent, SetSkippedEvent, TimingEvent, RateEvent,
                                 WrongResultEvent, RunErrorEvent, StaticEvent, StaticUnavailableEvent, ErrorEvent,
                                 DoneEvent>;

// The JSON form of each event's fields (without "event"); from_json throws nlohmann::json::exception
// or std::invalid_argument on a malformed one.
void to_json(nlohmann::json& json, const DeviceEvent& event);
void from_json(const nlohmann::json& json, DeviceEvent& event);
void to_json(nlohmann::json& json, const CompileStartEvent& event);
void from_json(const nlohmann::json& json, CompileStartEvent& event);
void to_json(nlohmann::json& json, const CompileEndEvent& event);
void from_json(const nlohmann::json& json, CompileEndEvent& event);
void to_json(nlohmann::json& json, const BuildEvent& event);
void from_json(const nlohmann::json& json, BuildEvent& event);
void to_json(nlohmann::json& json, const CheckStartEvent& event);
void from_json(const nlohmann::json& json, CheckStartEvent& event);
void to_json(nlohmann::json& json, const CheckEvent& event);
void from_json(const nlohmann::json& json, CheckEvent& event);
void to_json(nlohmann::json& json, const SetSkippedEvent& event);
void from_json(const nlohmann::json& json, SetSkippedEvent& event);
void to_json(nlohmann::json& json, const TimingEvent& event);
void from_json(const nlohmann::json& json, TimingEvent& event);
void to_json(nlohmann::json& json, const RateEvent& event);
void from_json(const nlohmann::json& json, RateEvent& event);
void to_json(nlohmann::json& json, const WrongResultEvent& event);
void from_json(const nlohmann::json& json, WrongResultEvent& event);
void to_json(nlohmann::json& json, const RunErrorEvent& event);
void from_json(const nlohmann::json& json, RunErrorEvent& event);
void to_json(nlohmann::json& json, const StaticFindingRecord& finding);
void from_json(const nlohmann::json& json, StaticFindingRecord& finding);
void to_json(nlohmann::json& json, const StaticEvent& event);
void from_json(const nlohmann::json& json, StaticEvent& event);
void to_json(nlohmann::json& json, const StaticUnavailableEvent& event);
void from_json(const nlohmann::json& json, StaticUnavailableEvent& event);
void to_json(nlohmann::json& json, const ErrorEvent& event);
void from_json(const nlohmann::json& json, ErrorEvent& event);
void to_json(nlohmann::json& json, const DoneEvent& event);
void from_json(const nlohmann::json& json, DoneEvent& event);

// One line of the events file: the event's fields and its name under "event".
nlohmann::json event_to_json(const WorkerEvent& event);
// Throws std::invalid_argument (or nlohmann::json::exception) with what is wrong.
WorkerEvent event_from_json(const nlohmann::json& json);

// Everything one worker reported, read once.
struct WorkerEvents {
    std::vector<WorkerEvent> list;
    // Why the events could not be read ("" when they could): then `list` is empty.
    std::string unreadable;

    template <class Event>
    const Event* first() const {
        for (const auto& e : list) {
            if (const auto* found = std::get_if<Event>(&e)) return found;
        }
        return nullptr;
    }
    template <class Event>
    std::vector<const Event*> all() const {
        std::vector<const Event*> found;
        for (const auto& e : list) {
            if (const auto* one = std::get_if<Event>(&e)) found.push_back(one);
        }
        return found;
    }
};

// The events of the JSON objects read from a worker's file, in order; never throws.
WorkerEvents parse_worker_events(const std::vector<nlohmann::json>& lines);

}  // namespace labcheck
