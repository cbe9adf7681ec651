// The child-process runner against a helper that hangs, crashes, allocates too
// much or floods its output (checker/tests/child_helper.cpp).
#include "runner/child_process.hpp"
#include "runner/unit_runner.hpp"

#include <doctest/doctest.h>

#include <csignal>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <thread>

#include <sched.h>
#include <unistd.h>

using namespace labcheck;

namespace {

std::string helper() {
    const char* path = std::getenv("CHILD_HELPER");
    REQUIRE_MESSAGE(path != nullptr, "meson sets CHILD_HELPER to the helper's path");
    return path;
}

std::filesystem::path output_file() {
    return std::filesystem::temp_directory_path() / ("labcheck-child-test-" + std::to_string(getpid()) + ".out");
}

ChildOutcome run_helper(std::vector<std::string> arguments, ChildLimits limits,
                        const std::filesystem::path& working_dir = {}) {
    ChildCommand command;
    command.working_dir = working_dir;
    command.argv = {helper()};
    command.argv.insert(command.argv.end(), arguments.begin(), arguments.end());
    command.output_file = output_file();
    return run_child(command, limits);
}

std::string read_output() {
    std::ifstream in(output_file());
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

}  // namespace

TEST_CASE("a child that exits is reported with its exit status, and its output is kept") {
    const auto outcome = run_helper({"print", "hello from the child"}, {});
    CHECK(outcome.end == ChildEnd::exited);
    CHECK(outcome.exit_code == 0);
    const auto output = read_output();
    CHECK(output.find("hello from the child") != std::string::npos);
    CHECK(output.find("on stderr") != std::string::npos);
    CHECK(run_helper({"exit", "7"}, {}).exit_code == 7);
}

TEST_CASE("a child that hangs is killed at the wall-clock limit") {
    ChildLimits limits;
    limits.wall_seconds = 0.3;
    const auto outcome = run_helper({"hang"}, limits);
    CHECK(outcome.end == ChildEnd::timed_out);
    CHECK(outcome.seconds >= 0.3);
}

TEST_CASE("a child that crashes is reported with its signal") {
    const auto segv = run_helper({"segv"}, {});
    REQUIRE(segv.end == ChildEnd::killed_by_signal);
    CHECK(segv.signal == SIGSEGV);
    CHECK(signal_description(segv.signal).find("signal 11, SIGSEGV") == 0);
    const auto abort = run_helper({"abort"}, {});
    REQUIRE(abort.end == ChildEnd::killed_by_signal);
    CHECK(abort.signal == SIGABRT);
    CHECK(signal_name(SIGABRT) == "SIGABRT");
    CHECK(signal_name(42) == "signal 42");
}

TEST_CASE("an allocation past the data limit fails inside the child") {
    ChildLimits limits;
    limits.data_bytes = 256ull << 20;
    const auto outcome = run_helper({"allocate"}, limits);
    CHECK(outcome.end == ChildEnd::exited);
    CHECK(outcome.exit_code == 3);  // the helper's way of saying it caught std::bad_alloc
}

TEST_CASE("a child whose resident memory passes the watch limit is killed") {
    ChildLimits limits;
    limits.resident_bytes = 64ull << 20;
    limits.wall_seconds = 60;
    const auto outcome = run_helper({"touch", "200"}, limits);
    CHECK(outcome.end == ChildEnd::over_memory);
    CHECK(outcome.peak_resident_bytes > (64ull << 20));
}

TEST_CASE("a child that floods its output is stopped at the file-size limit") {
    ChildLimits limits;
    limits.file_bytes = 1u << 20;
    const auto outcome = run_helper({"flood"}, limits);
    REQUIRE(outcome.end == ChildEnd::killed_by_signal);
    CHECK(outcome.signal == SIGXFSZ);
    CHECK(std::filesystem::file_size(output_file()) <= (1u << 20));
    std::filesystem::remove(output_file());
}

TEST_CASE("a program that does not exist is reported, not thrown") {
    ChildCommand command;
    command.argv = {"/nonexistent/labcheck-no-such-program"};
    command.output_file = output_file();
    const auto outcome = run_child(command, {});
    CHECK(outcome.end == ChildEnd::failed_to_start);
    CHECK(outcome.start_error.find("No such file") != std::string::npos);
    command.argv = {"labcheck-no-such-program-in-path"};
    CHECK(run_child(command, {}).start_error.find("not found in PATH") != std::string::npos);
    std::filesystem::remove(output_file());
}

TEST_CASE("find_in_path finds programs by name") {
    CHECK(find_in_path("sh").find("/sh") != std::string::npos);
    CHECK(find_in_path("labcheck-no-such-program").empty());
}

namespace {

std::filesystem::path fresh_progress_file() {
    const auto progress = std::filesystem::temp_directory_path() / ("labcheck-child-progress-" + std::to_string(getpid()));
    std::filesystem::remove(progress);
    return progress;
}

StepLimit launch_step(double seconds, StepClock clock, double wall_backstop = 0.0) {
    return {StepKind::launch, "\"event\":\"check-start\"", seconds, clock, wall_backstop, false};
}

}  // namespace

TEST_CASE("one step that lasts too long is stopped, however long the whole job may run") {
    const auto progress = fresh_progress_file();
    ChildLimits limits;
    limits.wall_seconds = 120;
    limits.progress_file = progress;
    limits.steps = {launch_step(0.5, StepClock::wall)};
    const auto outcome = run_helper({"progress-then-hang", progress.string()}, limits);
    CHECK(outcome.end == ChildEnd::timed_out);
    CHECK(outcome.stalled);
    CHECK(outcome.stalled_step.kind == StepKind::launch);
    CHECK(outcome.stalled_step_seconds > 0.5);
    CHECK(outcome.seconds < 60);  // far below the whole-job limit: the step limit stopped it
    std::filesystem::remove(progress);
}

TEST_CASE("on the busiest thread's clock a spinning step is stopped, and a waiting one by the wall backstop") {
    const auto progress = fresh_progress_file();
    ChildLimits limits;
    limits.wall_seconds = 120;
    limits.progress_file = progress;
    limits.steps = {launch_step(0.5, StepClock::busiest_thread_cpu, 60.0)};
    const auto spinning = run_helper({"progress-then-spin", progress.string()}, limits);
    CHECK(spinning.end == ChildEnd::timed_out);
    CHECK(spinning.stalled);
    CHECK(spinning.stalled_step_seconds >= 0.5);  // processor time, not wall time
    CHECK(spinning.seconds < 60);                 // the processor time, not the backstop, stopped it
    CHECK_FALSE(spinning.stalled_on_wall_backstop);

    std::filesystem::remove(progress);
    limits.steps = {launch_step(30.0, StepClock::busiest_thread_cpu, 0.5)};
    const auto waiting = run_helper({"progress-then-hang", progress.string()}, limits);  // uses no processor time
    CHECK(waiting.end == ChildEnd::timed_out);
    CHECK(waiting.stalled);
    CHECK(waiting.seconds < 30);  // the wall backstop stopped it
    CHECK(waiting.stalled_on_wall_backstop);  // and the outcome says so, in a field, not by a guess
    std::filesystem::remove(progress);
}

TEST_CASE("a compile step has its own limit and does not count against the job's clock") {
    const auto progress = fresh_progress_file();
    ChildLimits limits;
    limits.wall_seconds = 0.6;  // shorter than the compile step: it must not count
    limits.progress_file = progress;
    limits.steps = {launch_step(0.2, StepClock::wall),
                    {StepKind::compile, "\"event\":\"compile-start\"", 30.0, StepClock::busiest_thread_cpu, 60.0, true}};
    const auto outcome = run_helper({"compile-then-exit", progress.string(), "1200"}, limits);
    CHECK(outcome.end == ChildEnd::exited);
    CHECK(outcome.exit_code == 0);
    CHECK(outcome.outside_job_clock_seconds >= 1.0);
    CHECK(outcome.seconds >= 1.2);
    std::filesystem::remove(progress);

    limits.wall_seconds = 60;
    limits.steps[1].wall_backstop_seconds = 0.3;  // the compile step itself is still limited
    const auto stopped = run_helper({"compile-then-exit", progress.string(), "20000"}, limits);
    CHECK(stopped.end == ChildEnd::timed_out);
    CHECK(stopped.stalled_step.kind == StepKind::compile);
    CHECK(stopped.seconds < 20);
    std::filesystem::remove(progress);
}

TEST_CASE("usable_processors counts at least one, and no more than the affinity allows") {
    CHECK(usable_processors() >= 1);
    CHECK(usable_processors() <= std::thread::hardware_concurrency() + 0u);
    // Pinned to one processor (as a container or a Slurm job with one CPU of a larger host pins it),
    // it says one, whatever the host has: labcheck's default --jobs and thread shares follow it.
    cpu_set_t before;
    REQUIRE(sched_getaffinity(0, sizeof before, &before) == 0);
    cpu_set_t one;
    CPU_ZERO(&one);
    for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu) {
        if (CPU_ISSET(cpu, &before)) {
            CPU_SET(cpu, &one);
            break;
        }
    }
    REQUIRE(sched_setaffinity(0, sizeof one, &one) == 0);
    const unsigned pinned = usable_processors();
    REQUIRE(sched_setaffinity(0, sizeof before, &before) == 0);
    CHECK(pinned == 1);
}

TEST_CASE("a child runs in its working folder, and is stopped when its files there grow too large") {
    const auto folder = std::filesystem::temp_directory_path() / ("labcheck-child-folder-" + std::to_string(getpid()));
    std::filesystem::remove_all(folder);
    std::filesystem::create_directories(folder);
    CHECK(run_helper({"pwd"}, {}, folder).end == ChildEnd::exited);
    CHECK(read_output() == std::filesystem::canonical(folder).string() + "\n");

    ChildLimits limits;
    limits.wall_seconds = 120;
    limits.folder_bytes = 8u << 20;
    const auto outcome = run_helper({"write-files", "64"}, limits, folder);
    CHECK(outcome.end == ChildEnd::over_files);
    std::filesystem::remove_all(folder);
}

TEST_CASE("children share the processor's threads, and the static analysis starts one OpenBLAS thread") {
    labcheck::RunnerSettings settings;
    settings.processor_threads = 8;
    const labcheck::UnitRunner runner(settings);
    const auto value = [&](labcheck::JobKind kind, const std::string& name) {
        std::string found = "unset";
        for (const auto& [key, v] : runner.child_environment(kind, "/tmp/x", {})) {
            if (key == name) found = v;
        }
        return found;
    };
    CHECK(value(labcheck::JobKind::check, "OPENBLAS_NUM_THREADS") == "8");
    CHECK(value(labcheck::JobKind::dynamic, "OCLGRIND_NUM_THREADS") == "8");
    // OpenBLAS starts a thread per core when it loads; on a 16-core node that filled the analysis's
    // 1 GiB data limit and libclang could not start its parser thread.
    CHECK(value(labcheck::JobKind::static_analysis, "OPENBLAS_NUM_THREADS") == "1");
    CHECK(value(labcheck::JobKind::speedup, "OPENBLAS_NUM_THREADS") == "unset");  // timing keeps every core
}

TEST_CASE("a run asked for a cold PoCL cache gives every child one cache of its own, shared by them") {
    const auto value = [](const labcheck::UnitRunner& runner, labcheck::JobKind kind, const std::string& name) {
        std::string found = "unset";
        for (const auto& [key, v] : runner.child_environment(kind, "/tmp/x", {})) {
            if (key == name) found = v;
        }
        return found;
    };
    const labcheck::UnitRunner pocl_own(labcheck::RunnerSettings{});
    CHECK(value(pocl_own, labcheck::JobKind::check, "POCL_CACHE_DIR") == "unset");  // PoCL's own, as the user set it
    labcheck::RunnerSettings settings;
    settings.kernel_cache = "/tmp/labcheck-1-abc/pocl-kernels";
    const labcheck::UnitRunner runner(settings);
    for (const auto kind : {labcheck::JobKind::check, labcheck::JobKind::speedup}) {
        CHECK(value(runner, kind, "POCL_CACHE_DIR") == "/tmp/labcheck-1-abc/pocl-kernels");
        CHECK(value(runner, kind, "POCL_KERNEL_CACHE") == "1");
    }
}
