#include "worker/device_ceiling.hpp"
#include "worker/worker.hpp"

#include "protocol/oclgrind_report.hpp"
#include "protocol/worker_protocol.hpp"

#include "harness/cl_session.hpp"
#include "harness/compile_ahead.hpp"
#include "problems/define_set_choice.hpp"
#include "problems/device_fit.hpp"
#include "harness/kernel_launch.hpp"
#include "harness/kernel_source.hpp"
#include "harness/kernel_source_features.hpp"
#include "problems/lab_session.hpp"
#include "description/lab_spec.hpp"
#include "description/problem_size.hpp"
#include "harness/program_build.hpp"
#include "problems/repeated_check.hpp"
#include "problems/timed_result.hpp"
#include "harness/timing.hpp"
#include "harness/timing_spread.hpp"
#include "util/user_error.hpp"

#ifdef LABCHECK_HAVE_STATIC_ANALYSIS
#include "barrier_findings.hpp"
#include "translation_unit.hpp"
#endif

#include <fmt/format.h>

#include <cstdio>
#include <filesystem>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <optional>
#include <sstream>

namespace labcheck {

namespace {

course::KernelSet kernels_of(const WorkerJob& job) {
    return {job.kernels_dir, job.kernels_display};
}

DeviceEvent device_event(const course::ClSession& session) {
    return {session.device.label(), session.device.platform_name, session.device.device_class};
}

// The lab opened for a job: the device (reported first, so that a lab that cannot be read
// is still told apart from a device that cannot be opened) and the lab for the job's class.
course::LabOnDevice open_job(EventWriter& events, const WorkerJob& job, const std::string& device) {
    return course::open_lab_on_device(job.root, device, job.lab_folder, job.device_class,
                                      [&](const course::ClSession& session) { events.write(device_event(session)); });
}

BuildEvent build_failure(BuildFailure kind, const std::string& file, const course::UserError& error) {
    BuildEvent event;
    event.file = file;
    event.failure = kind;
    event.message = error.what();
    event.happened = error.parts().happened;
    return event;
}

double process_cpu_seconds() {
    timespec now{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
    return static_cast<double>(now.tv_sec) + static_cast<double>(now.tv_nsec) * 1e-9;
}

// While one lives, the worker is compiling: its events tell the parent, which limits the step
// with the compile limit instead of the launch limit, and leaves it out of the job's clock.
class CompileStep {
public:
    CompileStep(EventWriter& events, CompileWhat what) : events_(events), what_(what), cpu_(process_cpu_seconds()) {
        events_.write(CompileStartEvent{what_});
    }
    ~CompileStep() { events_.write(CompileEndEvent{what_, process_cpu_seconds() - cpu_}); }
    CompileStep(const CompileStep&) = delete;
    CompileStep& operator=(const CompileStep&) = delete;

private:
    EventWriter& events_;
    CompileWhat what_;
    double cpu_;
};

// The "build" event of a lab opened for a job: what was built.
BuildEvent built_event(const WorkerJob& job, const std::string& display, const course::LabProblem& problem) {
    const auto& built = problem.program();
    BuildEvent event;
    event.ok = true;
    event.file = display;
    event.warnings = built.build_log;
    event.defines = built.defines;
    event.kernels = course::kernel_names(built.program);
    // Lab 07 in a student edition: its products use the student's lab-06 kernel (said once, by the build stage).
    event.note = problem.setup_note();
    event.left_out = built.left_out;
    // A crash in a kernel with vector types may be a misaligned vector access (stage_common.cpp says so).
    if (const auto vector = course::first_vector_type(built.source.text)) {
        event.vector_type = vector->name;
        event.vector_line = vector->line;
    }
    event.other_kernels = problem.other_kernels();  // lab 07: a crash may be in the GEMM it multiplies with
    // Under Oclgrind, the text its lines and columns point into (an array read out of bounds is
    // named from it); not for files so large that the event itself would be a burden.
    constexpr std::size_t kSourceInEventLimit = 1u << 20;
    if (job.kind == JobKind::dynamic && built.source.text.size() <= kSourceInEventLimit) {
        event.source = built.source.text;
    }
    return event;
}

// Builds the kernel under test from its text: the "build" event either way, and the lab when it built.
BuildEvent try_build(course::ClSession& session, const WorkerJob& job, const course::LabSpec& spec,
                     course::KernelSource source, std::unique_ptr<course::LabProblem>& problem) {
    const std::string display = source.display_path;
    try {
        // A lab is graded on its own kernel file alone: the earlier labs it builds on run the course's kernels.
        problem = course::open_lab(session, job.root, spec, kernels_of(job), std::move(source), job.defines,
                                   course::EarlierLabKernels::course);
        return built_event(job, display, *problem);
    } catch (const course::KernelBuildError& error) {
        auto event = build_failure(BuildFailure::compile_error, display, error);
        event.line = error.first_line();
        event.log = error.log();
        return event;
    } catch (const course::KernelContractError& error) {
        const bool missing = error.kind() == course::KernelContractError::Kind::missing_kernel;
        return build_failure(missing ? BuildFailure::missing_kernel : BuildFailure::wrong_signature, display, error);
    } catch (const course::UserError& error) {
        return build_failure(BuildFailure::other, display, error);
    } catch (const cl::Error& error) {
        BuildEvent event;
        event.file = display;
        event.failure = BuildFailure::opencl_error;
        event.message = fmt::format("{} failed with {}", error.what(), course::cl_error_name(error.err()));
        return event;
    }
}

// The kernel file under test, read once; nothing (and an "unreadable-file" build event) when it cannot be.
std::optional<course::KernelSource> read_submission(EventWriter& events, const WorkerJob& job,
                                                    const course::LabSpec& spec) {
    const auto kernels = kernels_of(job);
    const std::string display = kernels.display(spec.folder, spec.kernel_file);
    try {
        return course::read_lab_kernel(kernels, spec);
    } catch (const course::UserError& error) {
        events.write(build_failure(BuildFailure::unreadable_file, display, error));
        return std::nullopt;
    }
}

// Builds the kernel under test from its text, reporting a "build" event either way.
std::unique_ptr<course::LabProblem> build_submission(EventWriter& events, course::ClSession& session,
                                                     const WorkerJob& job, const course::LabSpec& spec,
                                                     course::KernelSource source) {
    std::unique_ptr<course::LabProblem> problem;
    BuildEvent event;
    {
        const CompileStep step(events, CompileWhat::submission);
        event = try_build(session, job, spec, std::move(source), problem);
    }
    events.write(event);
    return event.ok ? std::move(problem) : nullptr;
}

// Reads and builds the kernel under test, reporting a "build" event either way.
std::unique_ptr<course::LabProblem> build_submission(EventWriter& events, course::ClSession& session,
                                                     const WorkerJob& job, const course::LabSpec& spec) {
    auto source = read_submission(events, job, spec);
    if (!source) return nullptr;
    return build_submission(events, session, job, spec, std::move(*source));
}

// Under Oclgrind, each check is announced on stderr so that its reports can be told apart.
void run_checks(EventWriter& events, course::LabProblem& problem, const std::vector<SizeCheck>& checks,
                bool under_oclgrind) {
    for (const auto& check : checks) {
        events.write(CheckStartEvent{check});
        if (under_oclgrind) {
            std::fprintf(stderr, "\n%schecking size %s (seed %llu)\n", kOclgrindMarker, check.size.c_str(),
                         static_cast<unsigned long long>(check.seed));
            std::fflush(stderr);
        }
        CheckEvent result;
        result.check = check;
        result.ran = false;  // until the kernel ran to the end (false: the runtime refused or stopped it)
        try {
            const auto size = course::parse_problem_size(check.size, problem.size_form());
            // Oclgrind runs once: it is slow, and its own checks find uninitialised reads.
            course::SizeVerdict verdict;
            if (under_oclgrind) {
                verdict = problem.check(size, check.seed);
            } else {
                auto repeated = course::check_twice(problem, size, check.seed);
                verdict = std::move(repeated.verdict);
                result.unstable = repeated.unstable;
            }
            result.ok = verdict.ok;
            result.ran = true;
            result.problem = verdict.problem;
            result.repeating = verdict.repeating;
        } catch (const course::UserError& error) {
            result.problem = error.what();
        } catch (const cl::Error& error) {
            result.problem = fmt::format(
                "the OpenCL runtime reported {} from {} while running the kernel. On a GPU this usually means the "
                "kernel read or wrote far outside a buffer, or ran so long that the driver stopped it.",
                course::cl_error_name(error.err()), error.what());
        }
        events.write(result);
    }
}

// Why the job's define set, an optional extension's, is not checked: the kernel file does not use
// the extension's define ("" when it does, or the set is not an extension's). `lab run` decides the
// same way (problems/define_set_choice.hpp), before building: a set that is not graded cannot fail.
std::string unused_extension(const course::LabSpec& spec, const WorkerJob& job, const std::string& source) {
    for (const auto& set : spec.define_sets) {
        if (set.name == job.define_set) return course::unused_extension(set, source);
    }
    return {};
}

// A kernel cache folder for PoCL's kernels built with one work-group method: beside PoCL's own
// (POCL_CACHE_DIR, else $XDG_CACHE_HOME/pocl/kcache, else ~/.cache/pocl/kcache), named after the
// method. Nothing when there is no such place or it cannot be made.
std::optional<std::filesystem::path> pocl_cache_folder_for(const std::string& method) {
    const auto variable = [](const char* name) -> std::string {
        const char* value = std::getenv(name);
        return value == nullptr ? std::string{} : std::string{value};
    };
    std::filesystem::path own;
    if (const std::string dir = variable("POCL_CACHE_DIR"); !dir.empty()) {
        own = dir;
    } else if (const std::string xdg = variable("XDG_CACHE_HOME"); !xdg.empty()) {
        own = std::filesystem::path(xdg) / "pocl" / "kcache";
    } else if (const std::string home = variable("HOME"); !home.empty()) {
        own = std::filesystem::path(home) / ".cache" / "pocl" / "kcache";
    } else {
        return std::nullopt;
    }
    std::filesystem::path folder = own.lexically_normal();
    if (folder.filename().empty()) folder = folder.parent_path();
    folder += "-" + method;
    std::error_code error;
    std::filesystem::create_directories(folder, error);
    if (error || !std::filesystem::is_directory(folder, error)) return std::nullopt;
    return folder;
}

// PoCL's work-group compiler for the job ("" = its default): read when PoCL compiles a kernel.
// PoCL's cache does not tell the methods apart, so what this way builds is cached in a folder of
// its own (nothing built the other way is reused; a regrade reuses it), or not at all.
void use_pocl_work_group_method(const WorkerJob& job) {
    if (job.pocl_work_group_method.empty()) return;
    setenv("POCL_WORK_GROUP_METHOD", job.pocl_work_group_method.c_str(), 1);
    if (const auto folder = pocl_cache_folder_for(job.pocl_work_group_method))
        setenv("POCL_CACHE_DIR", folder->c_str(), 1);
    else
        setenv("POCL_KERNEL_CACHE", "0", 1);
}

void check_job(EventWriter& events, const WorkerJob& job, bool under_oclgrind) {
    use_pocl_work_group_method(job);
    // Checks are limited launch by launch: PoCL's compiling at first launch moves into the build.
    if (!under_oclgrind) course::compile_ahead_of_launches();
    auto [session, spec] = open_job(events, job, under_oclgrind ? "oclgrind" : job.device);
    auto source = read_submission(events, job, spec);
    if (!source) return;
    if (const std::string unused = unused_extension(spec, job, source->text); !unused.empty()) {
        events.write(SetSkippedEvent{job.define_set, unused, SetSkip::extension_unused});
        return;
    }
    auto problem = build_submission(events, session, job, spec, std::move(*source));
    if (!problem) return;
    if (const std::string limit = course::device_limit_problem(session, spec, *problem); !limit.empty()) {
        events.write(SetSkippedEvent{job.define_set, limit, SetSkip::device_limit});
        return;
    }
    run_checks(events, *problem, job.checks, under_oclgrind);
}

// One untimed launch of each, as a compile step: PoCL compiles a kernel for its work-group size at
// its first launch, and that is the compiler's time, not the kernel's.
void first_launches(EventWriter& events, const cl::CommandQueue& queue, const std::vector<course::TimedLaunch>& launches) {
    const CompileStep step(events, CompileWhat::first_launch);
    for (const auto& launch : launches) {
        if (launch.prepare) launch.prepare();
        launch.launch();
    }
    queue.finish();
}

// Enough rounds for the median ratio's 95% interval (timing_spread.hpp) to be narrow: the stage
// decides near the threshold by that interval, and times again when it cannot.
course::TimingPlan speedup_plan() {
    course::TimingPlan plan;
    plan.min_repetitions = 11;
    plan.max_repetitions = 60;
    plan.min_total_seconds = 0.3;
    return plan;
}

// The stage's own question asked once the fewest rounds that give its 95% interval are timed: when
// that interval already lies on one side of the threshold (every round's ratio does, at that many
// rounds: timing_spread.hpp), the stage would decide the same after more rounds, and the timing
// ends there. Near the threshold it goes on as planned. `baseline` indexes the baseline's launch,
// the kernel's is next.
void early_answer(course::TimingPlan& plan, std::size_t baseline, double min_ratio) {
    plan.early_look = course::kFewestRoundsForInterval;
    plan.answered = [baseline, min_ratio](const std::vector<std::vector<double>>& seconds) {
        const course::RatioEstimate estimate =
            course::ratio_estimate(course::round_ratios(seconds[baseline], seconds[baseline + 1]));
        return estimate.interval_known() && (estimate.low >= min_ratio || estimate.high < min_ratio);
    };
}

// The medians and every round's ratio (the baseline's device time over the kernel's).
TimingEvent timing_event(const SizeCheck& timed, const course::Timing& baseline, const course::Timing& submission) {
    TimingEvent event{timed, baseline.median_seconds, submission.median_seconds, submission.repetitions, {}, {}};
    event.round_ratios = course::round_ratios(baseline.device_seconds, submission.device_seconds);
    return event;
}

void speedup_job(EventWriter& events, const WorkerJob& job) {
    use_pocl_work_group_method(job);
    if (job.compile_ahead) course::compile_ahead_of_launches();
    auto [session, spec] = open_job(events, job, job.device);
    // Timed at this device's tuned defaults when the lab's tuned.toml names it (the correctness
    // jobs keep the lab's define sets): the same configuration `lab run` and `lab bench` time.
    const std::string tuned_file = course::apply_device_defaults(spec, job.root, session);
    auto problem = build_submission(events, session, job, spec);
    if (!problem) return;
    std::unique_ptr<course::LabProblem> baseline;
    try {
        const CompileStep step(events, CompileWhat::baseline);
        baseline = course::open_baseline(session, job.root, spec, kernels_of(job), job.defines,
                                         course::EarlierLabKernels::course);
    } catch (const course::UserError& error) {
        events.write(ErrorEvent{WorkerErrorKind::baseline, error.what()});
        return;
    }
    // The size and seed to time at: the job's one check (check_plan.hpp, timed_check), else the lab's own.
    const SizeCheck timed = job.checks.empty() ? SizeCheck{spec.speedup->size.text, 1, false} : job.checks.front();
    try {
        const auto size = course::parse_problem_size(timed.size, problem->size_form());
        course::TimingPlan plan = speedup_plan();
        plan.check_seed = timed.seed;
        plan.stop_when_wrong = true;
        // Refilled outputs before every launch, results checked after. The two get different random
        // inputs: on a CPU device a kernel could otherwise find the baseline's result in memory.
        const std::uint64_t baseline_seed = course::mixed_seed(timed.seed, 0xBA5E);
        const course::TimedLaunch submission = problem->timed_launch(size, timed.seed);
        // A transpose's leaderboard share is of a copy of its own bytes, timed in the same rounds
        // (before the two kernels in each), as `lab bench` and `lab run` measure it.
        const CopyBeside copy = copy_beside(session, job.root, *problem, submission);
        std::vector<course::TimedLaunch> launches = copy.copies.launches;
        launches.push_back(baseline->timed_launch(size, baseline_seed));
        launches.push_back(submission);  // last: its result is what its buffers hold when the timing ends
        first_launches(events, session.queue, launches);
        const std::size_t first_kernel = copy.copies.launches.size();
        if (job.min_ratio > 0.0) early_answer(plan, first_kernel, job.min_ratio);
        const std::vector<course::Timing> timings = course::time_interleaved(session.queue, launches, plan);
        const course::Timing& base_timing = timings[first_kernel];
        const course::Timing& own_timing = timings[first_kernel + 1];
        for (const auto& [kernel, timing] : {std::pair{TimedKernel::baseline, &base_timing},
                                             std::pair{TimedKernel::submission, &own_timing}}) {
            if (timing->right()) continue;
            events.write(WrongResultEvent{kernel, timed, timing->wrong_launch, timing->wrong});
            return;
        }
        TimingEvent timing = timing_event(timed, base_timing, own_timing);
        timing.tuned_file = tuned_file;
        events.write(timing);
        events.write(rate_event(session, job.root, *problem, size, own_timing.median_seconds, copy, timings));
    } catch (const course::UserError& error) {
        events.write(RunErrorEvent{error.what()});
    } catch (const cl::Error& error) {
        events.write(RunErrorEvent{fmt::format("the OpenCL runtime reported {} from {} while timing the kernel",
                                               course::cl_error_name(error.err()), error.what())});
    }
}

void static_job(EventWriter& events, const WorkerJob& job) {
    const auto spec = course::load_lab(job.root, job.lab_folder, job.device_class);
    const auto source = read_submission(events, job, spec);
    if (!source) return;
#ifdef LABCHECK_HAVE_STATIC_ANALYSIS
    checker::StaticAnalysisInput input;
    input.display_path = source->display_path;
    input.source = source->text;
    course::Defines defines = spec.defines;
    defines.merge(job.defines);
    for (const auto& d : defines.items()) input.defines.emplace_back(d.name, d.value);
    StaticEvent event;
    for (const auto& f : checker::barrier_findings(input)) {
        event.findings.push_back(
            {f.severity == checker::FindingSeverity::error, f.rule, f.file, f.line, f.column, f.message});
    }
    // The kernels libclang saw: the barriers stage compares them with those the device's compiler built.
    event.kernels.emplace();
    {
        const checker::barriers::KernelTranslationUnit unit(input);
        for (CXCursor kernel : unit.kernel_definitions())
            event.kernels->push_back(checker::barriers::take_string(clang_getCursorSpelling(kernel)));
    }
    events.write(event);
#else
    events.write(StaticUnavailableEvent{});
#endif
}

void probe_job(EventWriter& events, const WorkerJob& job) {
    course::ClSession session = course::open_session(job.device);
    events.write(device_event(session));
}

}  // namespace

int run_worker(const std::filesystem::path& job_file, const std::filesystem::path& events_file) {
    EventWriter events(events_file);
    try {
        std::ifstream in(job_file);
        const WorkerJob job = job_from_json(nlohmann::json::parse(in));
        switch (job.kind) {
            case JobKind::probe:
                probe_job(events, job);
                break;
            case JobKind::check:
                check_job(events, job, false);
                break;
            case JobKind::dynamic:
                check_job(events, job, true);
                break;
            case JobKind::speedup:
                speedup_job(events, job);
                break;
            case JobKind::static_analysis:
                static_job(events, job);
                break;
        }
        events.write(DoneEvent{});
        return 0;
    } catch (const std::bad_alloc&) {
        events.write(ErrorEvent{WorkerErrorKind::memory, "an allocation failed"});
        return kWorkerOutOfMemory;
    } catch (const course::UserError& error) {
        events.write(ErrorEvent{WorkerErrorKind::user, error.what()});
        return 0;
    } catch (const cl::Error& error) {
        events.write(ErrorEvent{WorkerErrorKind::opencl, fmt::format("OpenCL call {} failed with {}", error.what(),
                                                                     course::cl_error_name(error.err()))});
        return 0;
    } catch (const std::exception& error) {
        events.write(ErrorEvent{WorkerErrorKind::internal, error.what()});
        return kWorkerInternalError;
    }
}

}  // namespace labcheck
