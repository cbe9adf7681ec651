#include "worker.hpp"
#include "device_ceiling.hpp"

#include "oclgrind_report.hpp"
#include "worker_protocol.hpp"

#include "harness/cl_session.hpp"
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
#include "util/user_error.hpp"

#ifdef LABCHECK_HAVE_STATIC_ANALYSIS
#include "barrier_findings.hpp"
#include "translation_unit.hpp"
#endif

#include <fmt/format.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>

namespace labcheck {

namespace {

course::DeviceClass class_of(const WorkerJob& job) {
    return course::device_class_from_key(job.device_class).value_or(course::DeviceClass::cpu);
}

course::Defines overrides_of(const WorkerJob& job) {
    course::Defines defines;
    for (const auto& [name, value] : job.defines) defines.set(name, value);
    return defines;
}

course::KernelSet kernels_of(const WorkerJob& job) {
    return {job.kernels_dir, job.kernels_display};
}

DeviceEvent device_event(const course::ClSession& session) {
    return {session.device.label(), session.device.platform_name, session.device.device_class};
}

// The lab opened for a job: the device (reported first, so that a lab that cannot be read
// is still told apart from a device that cannot be opened) and the lab for the job's class.
course::LabOnDevice open_job(EventWriter& events, const WorkerJob& job, const std::string& device) {
    return course::open_lab_on_device(job.root, device, job.lab_folder, class_of(job),
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

// Reads and builds the kernel under test, reporting a "build" event either way.
std::unique_ptr<course::LabProblem> build_submission(EventWriter& events, course::ClSession& session,
                                                     const WorkerJob& job, const course::LabSpec& spec) {
    const auto kernels = kernels_of(job);
    const std::string display = kernels.display(spec.folder, spec.kernel_file);
    try {
        course::read_kernel_source(kernels.dir, std::filesystem::path(spec.folder) / spec.kernel_file, display);
    } catch (const course::UserError& error) {
        events.write(build_failure(BuildFailure::unreadable_file, display, error));
        return nullptr;
    }
    try {
        // Lab 07 is graded on strassen.cl alone: its products use the course's reference GEMM.
        auto problem =
            course::open_lab(session, job.root, spec, kernels, overrides_of(job), course::GemmChoice::reference);
        const auto& built = problem->program();
        BuildEvent event;
        event.ok = true;
        event.file = display;
        event.warnings = built.build_log;
        event.defines = built.defines.summary();
        event.kernels = course::kernel_names(built.program);
        // Lab 07 in a student edition: its products use the student's lab-06 kernel (said once, by the build stage).
        event.note = problem->setup_note();
        // A crash in a kernel with vector types may be a misaligned vector access (stage_common.cpp says so).
        if (const auto vector = course::first_vector_type(built.source.text)) {
            event.vector_type = vector->name;
            event.vector_line = vector->line;
        }
        // Under Oclgrind, the text its lines and columns point into (an array read out of bounds is
        // named from it); not for files so large that the event itself would be a burden.
        constexpr std::size_t kSourceInEventLimit = 1u << 20;
        if (job.kind == JobKind::dynamic && built.source.text.size() <= kSourceInEventLimit) {
            event.source = built.source.text;
        }
        events.write(event);
        return problem;
    } catch (const course::KernelBuildError& error) {
        auto event = build_failure(BuildFailure::compile_error, display, error);
        event.line = error.first_line();
        event.log = error.log();
        events.write(event);
    } catch (const course::KernelContractError& error) {
        const bool missing = error.kind() == course::KernelContractError::Kind::missing_kernel;
        events.write(
            build_failure(missing ? BuildFailure::missing_kernel : BuildFailure::wrong_signature, display, error));
    } catch (const course::UserError& error) {
        events.write(build_failure(BuildFailure::other, display, error));
    } catch (const cl::Error& error) {
        BuildEvent event;
        event.file = display;
        event.failure = BuildFailure::opencl_error;
        event.message = fmt::format("{} failed with {}", error.what(), course::cl_error_name(error.err()));
        events.write(event);
    }
    return nullptr;
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

void check_job(EventWriter& events, const WorkerJob& job, bool under_oclgrind) {
    if (!job.pocl_work_group_method.empty()) {
        // Read when PoCL compiles a kernel; its kernel cache is left out so nothing built the other way is reused.
        setenv("POCL_WORK_GROUP_METHOD", job.pocl_work_group_method.c_str(), 1);
        setenv("POCL_KERNEL_CACHE", "0", 1);
    }
    auto [session, spec] = open_job(events, job, under_oclgrind ? "oclgrind" : job.device);
    auto problem = build_submission(events, session, job, spec);
    if (!problem) return;
    if (const std::string limit = course::device_limit_problem(session, spec, *problem); !limit.empty()) {
        events.write(SetSkippedEvent{job.define_set, limit});
        return;
    }
    run_checks(events, *problem, job.checks, under_oclgrind);
}

void speedup_job(EventWriter& events, const WorkerJob& job) {
    auto [session, spec] = open_job(events, job, job.device);
    auto problem = build_submission(events, session, job, spec);
    if (!problem) return;
    std::unique_ptr<course::LabProblem> baseline;
    try {
        baseline = course::open_baseline(session, job.root, spec, kernels_of(job), overrides_of(job),
                                         course::GemmChoice::reference);
    } catch (const course::UserError& error) {
        events.write(ErrorEvent{WorkerErrorKind::baseline, error.what()});
        return;
    }
    // The size and seed to time at: the job's one check (check_plan.hpp, timed_check), else the lab's own.
    const SizeCheck timed = job.checks.empty() ? SizeCheck{spec.speedup->size.text, 1, false} : job.checks.front();
    try {
        const auto size = course::parse_problem_size(timed.size, problem->size_form());
        course::TimingPlan plan;
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
        const std::vector<course::Timing> timings = course::time_interleaved(session.queue, launches, plan);
        const std::size_t first_kernel = copy.copies.launches.size();
        const course::Timing& base_timing = timings[first_kernel];
        const course::Timing& own_timing = timings[first_kernel + 1];
        for (const auto& [kernel, timing] : {std::pair{TimedKernel::baseline, &base_timing},
                                             std::pair{TimedKernel::submission, &own_timing}}) {
            if (timing->right()) continue;
            events.write(WrongResultEvent{kernel, timed, timing->wrong_launch, timing->wrong});
            return;
        }
        events.write(TimingEvent{timed, base_timing.median_seconds, own_timing.median_seconds, own_timing.repetitions});
        events.write(rate_event(session, job.root, *problem, size, own_timing.median_seconds, copy, timings));
    } catch (const course::UserError& error) {
        events.write(RunErrorEvent{error.what()});
    } catch (const cl::Error& error) {
        events.write(RunErrorEvent{fmt::format("the OpenCL runtime reported {} from {} while timing the kernel",
                                               course::cl_error_name(error.err()), error.what())});
    }
}

void static_job(EventWriter& events, const WorkerJob& job) {
    const auto spec = course::load_lab(job.root, job.lab_folder, class_of(job));
    const auto kernels = kernels_of(job);
    const std::string display = kernels.display(spec.folder, spec.kernel_file);
    course::KernelSource source;
    try {
        source = course::read_kernel_source(kernels.dir, std::filesystem::path(spec.folder) / spec.kernel_file, display);
    } catch (const course::UserError& error) {
        events.write(build_failure(BuildFailure::unreadable_file, display, error));
        return;
    }
#ifdef LABCHECK_HAVE_STATIC_ANALYSIS
    checker::StaticAnalysisInput input;
    input.display_path = display;
    input.source = source.text;
    course::Defines defines = spec.defines;
    defines.merge(overrides_of(job));
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
