#include "cli/grading_options.hpp"

#include "class/class_records.hpp"

#include <fmt/format.h>

#include <functional>

namespace labcheck {

namespace {

std::filesystem::path absolute(const std::string& path) { return std::filesystem::absolute(path).lexically_normal(); }

std::vector<std::string> given(const char* flag, const std::string& value) {
    return value.empty() ? std::vector<std::string>{} : std::vector<std::string>{flag, value};
}
std::vector<std::string> given_path(const char* flag, const std::string& path) {
    return path.empty() ? std::vector<std::string>{} : std::vector<std::string>{flag, absolute(path).string()};
}
std::vector<std::string> given_number(const char* flag, double value) {
    return value > 0.0 ? std::vector<std::string>{flag, fmt::format("{}", value)} : std::vector<std::string>{};
}
std::vector<std::string> given_flag(const char* flag, bool on) {
    return on ? std::vector<std::string>{flag} : std::vector<std::string>{};
}
std::vector<std::string> each(const char* flag, const std::vector<std::string>& values) {
    std::vector<std::string> args;
    for (const auto& value : values) args.insert(args.end(), {flag, value});
    return args;
}
std::vector<std::string> not_forwarded(const Options&) { return {}; }

// A limit as the runs use it, per kind of job: {"check": 300, "dynamic": 600, ...}.
nlohmann::json per_job_kind(const std::function<double(JobKind)>& limit) {
    nlohmann::json limits = nlohmann::json::object();
    for (const JobKind kind : kJobKinds) limits[job_kind_name(kind)] = limit(kind);
    return limits;
}

nlohmann::json optional_number(const std::optional<double>& value) {
    return value ? nlohmann::json(*value) : nlohmann::json(nullptr);
}

std::string timeout_help() {
    // The defaults are the runner's own (unit_runner.hpp), said here from there.
    return fmt::format(
        "wall-clock limit of every child process, in seconds, compiling left out (default: {:g} for checks, {:g} for "
        "Oclgrind, {:g} for timing, {:g} for the static analysis)",
        default_timeout(JobKind::check), default_timeout(JobKind::dynamic), default_timeout(JobKind::speedup),
        default_timeout(JobKind::static_analysis));
}

std::string launch_timeout_help() {
    return fmt::format(
        "limit on one launch of a check or Oclgrind job, in seconds of its busiest thread's CPU time on a CPU device, "
        "of wall time on a GPU (default: {:g} for checks, {:g} for Oclgrind)",
        default_launch_timeout(JobKind::check), default_launch_timeout(JobKind::dynamic));
}

std::string compile_timeout_help() {
    return fmt::format(
        "limit on one compilation (a build, or PoCL's compiling at a kernel's first launch), in seconds of the "
        "compiler's CPU time (default: {:g})",
        kDefaultCompileTimeout);
}

// What is graded: the labs, the stages, the device, the hidden sizes.
std::vector<GradingOption> what_is_graded() {
    return {
        {"--lab", ForwardTo::both,
         [](CLI::App& app, Options& o) {
             return app.add_option("--lab", o.labs, "lab to check, e.g. 02 (repeat for several; default: every lab)");
         },
         [](const Options& o) { return each("--lab", o.labs); },
         [](const GradeSettings& s, const RunnerSettings&) { return labs_json(s); }},
        {"--stage", ForwardTo::grading,
         [](CLI::App& app, Options& o) {
             return app.add_option("--stage", o.stages, "stages to run, e.g. build,correctness (default: all four)")
                 ->delimiter(',');
         },
         [](const Options& o) {
             std::string stages;
             for (const auto& stage : o.stages) stages += (stages.empty() ? "" : ",") + stage;
             return given("--stage", stages);
         },
         [](const GradeSettings& s, const RunnerSettings&) {
             nlohmann::json stages = nlohmann::json::array();
             for (const Stage stage : s.stages) stages.push_back(stage_name(stage));
             return stages;
         }},
        {"--device", ForwardTo::grading,
         [](CLI::App& app, Options& o) {
             return app.add_option(
                 "--device", o.devices,
                 "device index or part of its name (default: LAB_DEVICE, else a GPU, else PoCL); with --class, "
                 "repeat it for one timing lane per device (--device 0 --device 1 on a node with two GPUs)");
         },
         [](const Options& o) { return each("--device", o.devices); },
         // Which device of a class does not change a verdict; its class does (config_hash keeps it).
         nullptr},
        {"--hidden", ForwardTo::grading,
         [](CLI::App& app, Options& o) {
             return app.add_option("--hidden", o.hidden_file, "hidden sizes and seeds (default: checker/hidden.toml)");
         },
         [](const Options& o) { return given_path("--hidden", o.hidden_file); },
         // The sizes and seeds read, not the file's name (--no-hidden reads none).
         [](const GradeSettings& s, const RunnerSettings&) { return hidden_json(s.hidden); }},
        {"--no-hidden", ForwardTo::grading,
         [](CLI::App& app, Options& o) {
             return app.add_flag("--no-hidden", o.no_hidden, "check only the contract sizes of each lab.toml");
         },
         [](const Options& o) { return given_flag("--no-hidden", o.no_hidden); },
         [](const GradeSettings& s, const RunnerSettings&) { return nlohmann::json(s.hidden.empty()); }},
    };
}

// The limits of every child process, and how many run at a time.
std::vector<GradingOption> limits() {
    return {
        {"--timeout", ForwardTo::grading,
         [](CLI::App& app, Options& o) {
             return app.add_option("--timeout", o.timeout, timeout_help())->check(CLI::NonNegativeNumber);
         },
         [](const Options& o) { return given_number("--timeout", o.timeout); },
         // The limits used, defaults included: a changed default makes old records stale.
         [](const GradeSettings&, const RunnerSettings& r) {
             return per_job_kind([&r](JobKind kind) { return wall_limit(r, kind); });
         }},
        {"--launch-timeout", ForwardTo::grading,
         [](CLI::App& app, Options& o) {
             return app.add_option("--launch-timeout", o.launch_timeout, launch_timeout_help())
                 ->check(CLI::NonNegativeNumber);
         },
         [](const Options& o) { return given_number("--launch-timeout", o.launch_timeout); },
         [](const GradeSettings&, const RunnerSettings& r) {
             return per_job_kind([&r](JobKind kind) { return launch_limit(r, kind); });
         }},
        {"--compile-timeout", ForwardTo::grading,
         [](CLI::App& app, Options& o) {
             return app.add_option("--compile-timeout", o.compile_timeout, compile_timeout_help())
                 ->check(CLI::NonNegativeNumber);
         },
         [](const Options& o) { return given_number("--compile-timeout", o.compile_timeout); },
         [](const GradeSettings&, const RunnerSettings& r) { return nlohmann::json(compile_limit(r)); }},
        {"--memory-limit", ForwardTo::grading,
         [](CLI::App& app, Options& o) {
             return app.add_option("--memory-limit", o.memory_mib, "memory limit of every child process, in MiB")
                 ->check(CLI::PositiveNumber)
                 ->capture_default_str();
         },
         [](const Options& o) { return std::vector<std::string>{"--memory-limit", std::to_string(o.memory_mib)}; },
         [](const GradeSettings&, const RunnerSettings& r) { return nlohmann::json(r.memory_bytes); }},
        {"--jobs", ForwardTo::none,
         [](CLI::App& app, Options& o) {
             return app.add_option("--jobs,-j", o.jobs,
                                   "child processes at a time; with --class, students at a time (default: one per "
                                   "core; a timing run has the device alone)")
                 ->check(CLI::NonNegativeNumber);
         },
         not_forwarded,  // each Slurm task uses the cores of its node
         nullptr},
    };
}

// The experiments' overrides (-D, --min-ratio), what the run prints, and the gradebook's lateness.
std::vector<GradingOption> overrides_and_output() {
    return {
        {"-D", ForwardTo::grading,
         [](CLI::App& app, Options& o) {
             return app.add_option("-D,--define", o.defines,
                                   "extra kernel define NAME=VALUE for every lab (experiments only)");
         },
         [](const Options& o) { return each("-D", o.defines); },
         [](const GradeSettings& s, const RunnerSettings&) { return nlohmann::json(s.defines); }},
        {"--min-ratio", ForwardTo::grading,
         [](CLI::App& app, Options& o) {
             return app.add_option("--min-ratio", o.min_ratio, "replace every lab's speedup threshold (experiments only)")
                 ->check(CLI::NonNegativeNumber);
         },
         [](const Options& o) { return given_number("--min-ratio", o.min_ratio); },
         [](const GradeSettings& s, const RunnerSettings&) { return optional_number(s.min_ratio); }},
        {"--quiet", ForwardTo::grading,
         [](CLI::App& app, Options& o) { return app.add_flag("--quiet,-q", o.quiet, "no progress lines on stderr"); },
         [](const Options& o) { return given_flag("--quiet", o.quiet); },
         nullptr},
        {"--memory-feedback", ForwardTo::grading,
         [](CLI::App& app, Options& o) {
             return app.add_flag("--memory-feedback", o.memory_feedback,
                                 "add the simulated memory report (lab run NN --memory) to the barriers stage's "
                                 "feedback of labs 01-06 and 08: no points depend on it (one more Oclgrind run per "
                                 "lab: seconds)");
         },
         [](const Options& o) { return given_flag("--memory-feedback", o.memory_feedback); },
         // Feedback only, but it is in the record's text: a report asked for and not there is regraded.
         [](const GradeSettings& s, const RunnerSettings& r) {
             return nlohmann::json(s.memory_feedback && !r.memory_plugin.empty());
         }},
        {"--submission-times", ForwardTo::gradebook,
         [](CLI::App& app, Options& o) {
             return app.add_option("--submission-times", o.platform.submission_times,
                                   "with --class and --deadline: CSV of student,timestamp (ISO 8601) for the \"hours "
                                   "late\" column");
         },
         [](const Options& o) { return given_path("--submission-times", o.platform.submission_times); },
         nullptr},  // lateness is the gradebook's, from the records and the times
        {"--deadline", ForwardTo::gradebook,
         [](CLI::App& app, Options& o) {
             return app.add_option("--deadline", o.platform.deadline,
                                   "with --class: the deadline, e.g. 2026-11-23T23:59:00+01:00 (the submission times "
                                   "from --submission-times, or from a Gradescope export's submission_metadata.yml)");
         },
         [](const Options& o) { return given("--deadline", o.platform.deadline); },
         nullptr},
    };
}

}  // namespace

// --class, --results/--collect, --root, the output files and the Slurm options are set by each job
// itself (slurm_job.hpp); every other option of a grading is a row here.
const std::vector<GradingOption>& grading_options() {
    static const std::vector<GradingOption> table = [] {
        std::vector<GradingOption> rows;
        for (auto part : {what_is_graded(), limits(), overrides_and_output()}) rows.insert(rows.end(), part.begin(), part.end());
        return rows;
    }();
    return table;
}

void add_grading_table(CLI::App& app, Options& options) {
    for (const auto& option : grading_options()) option.add(app, options);
    app.get_option("--hidden")->excludes(app.get_option("--no-hidden"));
}

std::vector<std::string> forwarded_arguments(const Options& options, const std::filesystem::path& root, ForwardTo job) {
    std::vector<std::string> args = {"--root", root.string()};
    for (const auto& option : grading_options()) {
        if (option.forward_to != job && option.forward_to != ForwardTo::both) continue;
        const auto more = option.arguments(options);
        args.insert(args.end(), more.begin(), more.end());
    }
    return args;
}

nlohmann::json recorded_options(const GradeSettings& settings, const RunnerSettings& runner) {
    nlohmann::json recorded = nlohmann::json::object();
    for (const auto& option : grading_options()) {
        if (option.recorded != nullptr) recorded[option.flag] = option.recorded(settings, runner);
    }
    return recorded;
}

}  // namespace labcheck
