#include "runner/unit_runner.hpp"

#include "harness/kernel_source.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <iterator>

namespace labcheck {

namespace {

constexpr std::size_t kOutputCap = 8u << 20;          // bytes of child output kept
// A step measured as the busiest thread's CPU time is also stopped after this many times its limit
// in wall time: a kernel that waits without running (a GPU driver blocking in clFinish) still ends.
constexpr double kWallBackstop = 10.0;
constexpr std::uint64_t kFileLimit = 32ull << 20;     // RLIMIT_FSIZE: no file a child writes grows past this
constexpr std::uint64_t kFolderLimit = 96ull << 20;   // all files of one job (output, events, temporary files)
constexpr std::uint64_t kStaticMemoryLimit = 1ull << 30;  // the static analysis (libclang) job
constexpr const char* kOclgrindMaxErrors = "5000";  // enough that races still show after many other reports
// Oclgrind simulates 32 KiB of local memory unless told otherwise and refuses a launch that
// needs more (lab 06's CPU tiles use 40 KiB); 256 KiB is more than any define set of the labs needs.
constexpr const char* kOclgrindLocalMemory = "262144";

// The memory report is feedback: a kernel that crawls under Oclgrind gets a sentence after this
// much processor time in one launch, not the barriers stage's 90 s (the lab's [memory] size takes
// the solutions under 3 s).
constexpr double kMemoryLaunchSeconds = 30.0;

// The variables that size a child's thread pools on the processor: PoCL's CPU device (3.x names it
// pthread, 4.x cpu), Oclgrind's work-group threads and OpenBLAS's (the references; it starts its
// threads when the program loads, each with its buffers).
constexpr const char* kThreadPoolVariables[] = {"POCL_MAX_PTHREAD_COUNT", "POCL_CPU_MAX_CU_COUNT", "OCLGRIND_NUM_THREADS",
                                                "OPENBLAS_NUM_THREADS"};

// The text that starts an event's line and no other: inside a JSON string every quote is
// escaped, so `"event":"NAME"` appears in a line only as that line's event name.
std::string step_marker(const char* event_name) { return fmt::format("\"event\":\"{}\"", event_name); }

std::string read_capped(const std::filesystem::path& file) {
    std::ifstream in(file, std::ios::binary);
    std::string text(kOutputCap, '\0');
    in.read(text.data(), static_cast<std::streamsize>(text.size()));
    text.resize(static_cast<std::size_t>(in.gcount()));
    return text;
}

}  // namespace

unsigned threads_per_child(unsigned cores, unsigned children) {
    return std::max(1u, cores / std::max(1u, children));
}

double default_timeout(JobKind kind) {
    switch (kind) {
        case JobKind::probe:
            return 60.0;
        case JobKind::check:
            return 300.0;
        case JobKind::static_analysis:
            return 30.0;
        case JobKind::dynamic:
            return 600.0;
        case JobKind::speedup:
            return 120.0;
    }
    return 60.0;
}

double default_launch_timeout(JobKind kind) {
    switch (kind) {
        case JobKind::check:
            return 10.0;
        case JobKind::dynamic:
            return 90.0;
        case JobKind::probe:
        case JobKind::static_analysis:
        case JobKind::speedup:
            return 0.0;
    }
    return 0.0;
}

double wall_limit(const RunnerSettings& settings, JobKind kind) {
    return settings.timeout_seconds > 0.0 ? settings.timeout_seconds : default_timeout(kind);
}

double launch_limit(const RunnerSettings& settings, JobKind kind) {
    const double launch =
        settings.launch_timeout_seconds > 0.0 ? settings.launch_timeout_seconds : default_launch_timeout(kind);
    return launch > 0.0 && launch <= wall_limit(settings, kind) ? launch : 0.0;
}

double compile_limit(const RunnerSettings& settings) {
    return settings.compile_timeout_seconds > 0.0 ? settings.compile_timeout_seconds : kDefaultCompileTimeout;
}

UnitRunner::UnitRunner(RunnerSettings settings) : settings_(std::move(settings)) {}

StepClock UnitRunner::launch_clock(JobKind kind) const {
    // A GPU's launch is not slowed by a busy host: its wall clock is fair. Everything else runs on
    // the host's processors, where the busiest thread's CPU time is (child_process.hpp).
    return settings_.gpu_device && kind != JobKind::dynamic ? StepClock::wall : StepClock::busiest_thread_cpu;
}

ChildLimits UnitRunner::limits_for(JobKind kind) const {
    ChildLimits limits;
    limits.wall_seconds = wall_limit(settings_, kind);
    const double launch = launch_limit(settings_, kind);
    if (launch > 0.0) {  // else there is none, or the whole-job limit is the stricter one
        limits.steps.push_back({StepKind::launch, step_marker(CheckStartEvent::kName), launch, launch_clock(kind),
                                launch * kWallBackstop, false});
    }
    if (kind != JobKind::static_analysis && kind != JobKind::probe) {
        const double compile = compile_limit_seconds();
        limits.steps.push_back({StepKind::compile, step_marker(CompileStartEvent::kName), compile,
                                StepClock::busiest_thread_cpu, compile * kWallBackstop, true});
    }
    limits.resident_bytes = settings_.memory_bytes;
    limits.file_bytes = kFileLimit;
    limits.folder_bytes = kFolderLimit;
    const bool host_memory_only = kind == JobKind::static_analysis || kind == JobKind::dynamic ||
                                  (kind != JobKind::probe && !settings_.gpu_device);
    if (host_memory_only) limits.data_bytes = settings_.memory_bytes;
    if (kind == JobKind::static_analysis) {
        // libclang needs about 100 MiB for a kernel file; a preprocessor bomb (macros that expand to
        // gigabytes) stops at this limit instead of the device jobs' one.
        limits.resident_bytes = std::min<std::uint64_t>(limits.resident_bytes, kStaticMemoryLimit);
        limits.data_bytes = limits.resident_bytes;
    }
    return limits;
}

double UnitRunner::compile_limit_seconds() const {
    return compile_limit(settings_);
}

std::string UnitRunner::json_safe_path(const std::string& path, int id) const {
    if (course::first_invalid_utf8(path) == std::string::npos) return path;
    // JSON holds only UTF-8: a folder whose name is not (a student's, say) is passed through a link.
    const auto link = settings_.work_dir / fmt::format("{:03}-path", id);
    std::error_code ec;
    std::filesystem::create_symlink(std::filesystem::absolute(path), link, ec);
    return ec ? path : link.string();
}

// What a job needs from the timing gate: a timing run the device alone; on a GPU, the jobs that
// never touch it (the static analysis, Oclgrind) only the processors; every other job the device.
GateNeed UnitRunner::gate_need(JobKind kind) const {
    if (kind == JobKind::speedup) return GateNeed::device_alone;
    const bool off_device = kind == JobKind::static_analysis || kind == JobKind::dynamic;
    return settings_.gpu_device && off_device ? GateNeed::processors_only : GateNeed::device;
}

UnitRun UnitRunner::run(const WorkerJob& job, const std::vector<std::string>& oclgrind_options, bool uninitialized) {
    std::vector<std::string> prefix;
    if (job.kind == JobKind::dynamic) {
        prefix = {settings_.oclgrind, "--data-races", "--max-errors", kOclgrindMaxErrors, "--local-mem-size",
                  kOclgrindLocalMemory};
        if (uninitialized) prefix.insert(prefix.begin() + 2, "--uninitialized");
        prefix.insert(prefix.end(), oclgrind_options.begin(), oclgrind_options.end());
    }
    return run_with(job, prefix, false);
}

UnitRun UnitRunner::run_memory_report(const WorkerJob& job) {
    return run_with(
        job,
        {settings_.oclgrind, "--data-races", "--local-mem-size", kOclgrindLocalMemory, "--plugins", settings_.memory_plugin},
        true);
}

std::vector<std::pair<std::string, std::string>> UnitRunner::child_environment(
    JobKind kind, const std::filesystem::path& scratch, const std::filesystem::path& memory_file) const {
    std::vector<std::pair<std::string, std::string>> environment = {{"TMPDIR", scratch.string()}};
    if (settings_.processor_threads > 0 && kind != JobKind::speedup) {
        const std::string threads = std::to_string(settings_.processor_threads);
        for (const char* name : kThreadPoolVariables) environment.push_back({name, threads});
    }
    // The static analysis uses no BLAS, and its 1 GiB data limit must hold libclang's parser
    // thread: OpenBLAS's pool of one thread per core, started at load, filled it on a 16-core node
    // ("LIBCLANG FATAL ERROR: pthread_create failed", the analysis lost for every file).
    if (kind == JobKind::static_analysis) {
        environment.erase(std::remove_if(environment.begin(), environment.end(),
                                         [](const auto& entry) { return entry.first == "OPENBLAS_NUM_THREADS"; }),
                          environment.end());
        environment.push_back({"OPENBLAS_NUM_THREADS", "1"});
    }
    if (!settings_.kernel_cache.empty()) {
        environment.push_back({"POCL_KERNEL_CACHE", "1"});
        environment.push_back({"POCL_CACHE_DIR", settings_.kernel_cache.string()});
    }
    if (!memory_file.empty()) {
        environment.push_back({"MEMORY_LENS_OUTPUT", memory_file.string()});
        environment.push_back({"MEMORY_LENS_WARP", "32"});
    }
    return environment;
}

UnitRun UnitRunner::run_with(const WorkerJob& original, std::vector<std::string> prefix, bool memory_lens) {
    const int id = next_id_++;
    WorkerJob job = original;
    job.root = json_safe_path(job.root, id * 2);
    job.kernels_dir = json_safe_path(job.kernels_dir, id * 2 + 1);
    // One folder per job, for its files and as the child's working folder and TMPDIR, so a
    // relative path in a kernel finds nothing of the course, and all it wrote goes at its end.
    const std::string kind = memory_lens ? "memory" : job_kind_name(job.kind);
    const auto folder = settings_.work_dir / fmt::format("{:03}-{}-{}", id, kind,
                                                         job.lab_folder.empty() ? "device" : job.lab_folder);
    const auto scratch = folder / "tmp";
    std::error_code made;
    std::filesystem::create_directories(scratch, made);
    const auto job_file = folder / "job.json";
    const auto events_file = folder / "events";
    const auto output_file = folder / "output";
    const auto memory_file = folder / "memory.json";
    {
        std::ofstream out(job_file);
        out << job_to_json(job).dump(2, ' ', false, nlohmann::json::error_handler_t::replace);
    }

    ChildCommand command;
    command.argv = std::move(prefix);
    command.argv.insert(command.argv.end(),
                        {settings_.self.string(), "--worker-job", job_file.string(), "--worker-events",
                         events_file.string()});
    command.output_file = output_file;
    command.working_dir = scratch;
    command.environment = child_environment(job.kind, scratch, memory_lens ? memory_file : std::filesystem::path());

    UnitRun run;
    run.job = original;
    run.memory_lens = memory_lens;
    run.limits = limits_for(job.kind);
    run.limits.progress_file = events_file;
    if (memory_lens) {
        for (StepLimit& step : run.limits.steps) {
            if (step.kind != StepKind::launch || step.seconds <= kMemoryLaunchSeconds) continue;
            step.seconds = kMemoryLaunchSeconds;
            step.wall_backstop_seconds = kMemoryLaunchSeconds * kWallBackstop;
        }
    }
    {
        const TimingGate::Pass pass(timing_gate_, gate_need(job.kind));
        run.outcome = run_child(command, run.limits);
    }
    run.events = read_events(events_file);
    run.output = read_capped(output_file);
    if (memory_lens) run.memory_report = read_capped(memory_file);
    if (!settings_.keep_files) {
        std::error_code removed;
        std::filesystem::remove_all(folder, removed);
    }
    return run;
}

}  // namespace labcheck
