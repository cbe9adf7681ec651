// labcheck: the course's autograder. Grades a submission (a folder laid out
// like labs/), the solutions, or a whole class, stage by stage: build,
// correctness, barriers, speedup. Every student kernel runs in a child process
// (this program re-executed with --worker-job), so a hang or a crash costs one
// test and never the grader.
//
// Exit status: 0 every checked stage passed, 1 something failed, 2 the grader
// itself could not run (or could not judge a stage).
#include "util/atomic_file.hpp"
#include "check_plan.hpp"
#include "class_grading.hpp"
#include "gradescope_json.hpp"
#include "similarity_command.hpp"
#include "package_command.hpp"
#include "platform_options.hpp"
#include "student_edition.hpp"
#include "submission_grading.hpp"
#include "terminal_report.hpp"
#include "unit_runner.hpp"
#include "work_dir.hpp"
#include "worker.hpp"

#include "util/course_root.hpp"
#include "util/edition.hpp"
#include "harness/defines.hpp"
#include "problems/lab_session.hpp"
#include "description/lab_spec.hpp"
#include "util/user_error.hpp"

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include <thread>

namespace {

using namespace labcheck;

struct Options {
    std::vector<std::string> labs;
    std::string submission;
    bool solutions = false;
    std::string class_dir;
    std::string device;
    std::string json_file;
    PlatformOptions platform;  // --format, --results-dir, lateness (platform_options.hpp)
    std::string gradebook;
    std::vector<std::string> stages;
    std::string root;
    std::string hidden_file;
    bool no_hidden = false;
    double timeout = 0.0;
    double launch_timeout = 0.0;
    std::uint64_t memory_mib = 4096;
    int jobs = 0;
    std::vector<std::string> defines;
    double min_ratio = 0.0;
    bool quiet = false;
    bool keep_work_dir = false;
    std::string student_edition;
    std::string worker_job;
    std::string worker_events;
};

std::vector<Stage> parse_stages(const std::vector<std::string>& names) {
    if (names.empty()) return all_stages();
    std::vector<Stage> wanted;
    for (const auto& name : names) {
        const auto stage = stage_from_name(name);
        if (!stage) {
            throw course::UserError({"stages among build, correctness, barriers, speedup", fmt::format("\"{}\"", name),
                                     "--stage", "e.g. --stage build,correctness"});
        }
        wanted.push_back(*stage);
    }
    std::vector<Stage> ordered;  // grading order, each once
    for (const Stage stage : all_stages()) {
        if (std::find(wanted.begin(), wanted.end(), stage) != wanted.end()) ordered.push_back(stage);
    }
    return ordered;
}

std::vector<std::string> chosen_labs(const std::filesystem::path& root, const std::vector<std::string>& labs) {
    std::vector<std::string> folders;
    for (const auto& lab : labs) folders.push_back(course::find_lab_folder(root, lab));
    if (labs.empty()) folders = course::lab_folders(root);
    if (folders.empty()) {
        throw course::UserError({"labs/NN-name/lab.toml for at least one lab", "no labs found",
                                 (root / "labs").string(), "pass --root with the course repository"});
    }
    return folders;
}

int grade_class(const Options& options, const GradeSettings& settings, UnitRunner& runner) {
    ClassReport report;
    const std::filesystem::path class_dir(options.class_dir);
    const std::string class_name =
        class_dir.filename().empty() ? class_dir.parent_path().filename().string() : class_dir.filename().string();
    std::vector<std::string> names;
    for (const auto& folder : student_folders(class_dir)) names.push_back(folder.filename().string());
    const auto extra_columns = lateness_columns(options.platform, names);  // read before grading: fails fast
    for (const auto& folder : student_folders(class_dir)) {
        const std::string student = folder.filename().string();
        const course::KernelSet kernels = with_labs_layout(
            {std::filesystem::absolute(folder), class_name + "/" + student}, settings.lab_folders);
        auto submission = grade_submission(kernels, settings, runner);
        std::size_t failed = 0;
        for (const auto& r : submission.results) failed += r.verdict != Verdict::pass && r.verdict != Verdict::warn;
        fmt::print("{:<24} {:>6g} / {:<4g} {}\n", student, submission.score(), submission.max_score(),
                   failed == 0 ? std::string("every stage passed") : fmt::format("{} stage(s) failed", failed));
        report.students.emplace_back(student, std::move(submission));
    }
    const std::string gradebook = options.gradebook.empty() ? "gradebook.csv" : options.gradebook;
    course::write_file_atomically(gradebook, gradebook_csv(report, extra_columns));
    fmt::print("\ngradebook written to {}\n", gradebook);
    if (!options.json_file.empty()) {
        course::write_file_atomically(options.json_file, json_text(gradebook_json(report)));
        fmt::print("per-student results written to {}\n", options.json_file);
    }
    return report.exit_status();
}

int run(const Options& options) {
    check_platform_options(options.platform, !options.class_dir.empty());
    const auto root = course::course_root(options.root);
    if (!options.student_edition.empty()) {
        const auto summary = make_student_edition(root, options.student_edition);
        fmt::print("student edition written to {}: {} files", options.student_edition, summary.files);
        std::string left_out;
        for (const auto& path : summary.left_out) left_out += (left_out.empty() ? "" : ", ") + path;
        fmt::print("{}\n", left_out.empty() ? std::string() : "; left out " + left_out);
        return 0;
    }

    WorkDir work_dir(options.keep_work_dir);
    work_dir.remove_on_signal();
    if (options.keep_work_dir) fmt::print(stderr, "labcheck: keeping the work folder {}\n", work_dir.path().string());
    RunnerSettings runner_settings;
    runner_settings.self = own_executable();
    runner_settings.work_dir = work_dir.path();
    runner_settings.oclgrind = find_in_path("oclgrind");
    runner_settings.timeout_seconds = options.timeout;
    runner_settings.launch_timeout_seconds = options.launch_timeout;
    runner_settings.keep_files = options.keep_work_dir;
    runner_settings.memory_bytes = options.memory_mib << 20;
    UnitRunner probe_runner(runner_settings);

    GradeSettings settings;
    settings.root = root;
    settings.stages = parse_stages(options.stages);
    settings.lab_folders = chosen_labs(root, options.labs);
    settings.device = options.device;
    settings.device_report = probe_device(probe_runner, options.device);
    runner_settings.gpu_device = settings.device_report.device_class == course::DeviceClass::gpu;
    UnitRunner runner(runner_settings);
    if (!options.no_hidden) {
        const bool given = !options.hidden_file.empty();
        const std::filesystem::path file =
            given ? std::filesystem::path(options.hidden_file) : root / "checker" / "hidden.toml";
        if (given && !std::filesystem::exists(file)) {
            throw course::UserError({"the hidden-sizes file given with --hidden", "it does not exist",
                                     options.hidden_file, "check the path"});
        }
        settings.hidden = load_hidden_checks(file, given ? options.hidden_file : "checker/hidden.toml");
    }
    const course::Defines defines = course::parse_defines(options.defines);
    for (const auto& d : defines.items()) settings.defines.emplace_back(d.name, d.value);
    if (options.min_ratio > 0.0) settings.min_ratio = options.min_ratio;
    settings.jobs =
        options.jobs > 0 ? options.jobs : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    settings.progress = !options.quiet;

    if (!options.class_dir.empty()) return grade_class(options, settings, runner);

    const auto kernels = with_labs_layout(
        course::kernel_set(root, options.solutions ? "solutions" : options.submission), settings.lab_folders);
    const auto report = grade_submission(kernels, settings, runner);
    fmt::print("{}", terminal_report(report));
    if (!options.json_file.empty() || !options.platform.results_dir.empty()) {
        write_results(options.platform, options.json_file, report);
    }
    return report.exit_status();
}

}  // namespace

int main(int argc, char** argv) {
    if (argc > 1 && std::string(argv[1]) == "similarity") return similarity_main(argc - 1, argv + 1);
    Options options;
    CLI::App app{"labcheck: grade OpenCL lab kernels (build, correctness, barriers, speedup)"};
    app.add_option("--lab", options.labs, "lab to check, e.g. 02 (repeat for several; default: every lab)");
    auto* submission = app.add_option("--submission", options.submission,
                                      "folder laid out like labs/ (default: this repository's labs/)");
    auto* solutions = app.add_flag("--solutions", options.solutions, "check solutions/ instead of labs/");
    auto* class_dir =
        app.add_option("--class", options.class_dir, "folder with one submission folder per student: grade them all");
    app.add_option("--device", options.device,
                   "device index or part of its name (default: LAB_DEVICE, else a GPU, else PoCL)");
    auto* json = app.add_option("--json", options.json_file,
                                "write the results.json of --format here (with --class: every student's, Gradescope's)");
    add_platform_options(app, options.platform, json);
    app.add_option("--gradebook", options.gradebook, "with --class: the CSV gradebook (default: gradebook.csv)");
    app.add_option("--stage", options.stages, "stages to run, e.g. build,correctness (default: all four)")
        ->delimiter(',');
    app.add_option("--root", options.root, "the course repository (default: LAB_ROOT, else the source tree)");
    auto* hidden =
        app.add_option("--hidden", options.hidden_file, "hidden sizes and seeds (default: checker/hidden.toml)");
    auto* no_hidden = app.add_flag("--no-hidden", options.no_hidden, "check only the contract sizes of each lab.toml");
    app.add_option("--timeout", options.timeout,
                   "wall-clock limit of every child process, in seconds "
                   "(default: 120 for checks, 300 for Oclgrind, 90 for timing, 30 for the static analysis)");
    app.add_option("--launch-timeout", options.launch_timeout,
                   "limit on one launch of a check or Oclgrind job, in seconds (default: 10 for checks, 90 for Oclgrind)");
    app.add_option("--memory-limit", options.memory_mib, "memory limit of every child process, in MiB")
        ->capture_default_str();
    app.add_option("--jobs,-j", options.jobs, "child processes at a time (default: one per core; timing runs alone)");
    app.add_option("-D,--define", options.defines, "extra kernel define NAME=VALUE for every lab (experiments only)");
    app.add_option("--min-ratio", options.min_ratio, "replace every lab's speedup threshold (experiments only)");
    app.add_flag("--quiet,-q", options.quiet, "no progress lines on stderr");
    app.add_option("--student-edition", options.student_edition,
                   "write a copy of the course without solutions/, hidden sizes and mutants to this folder, then stop");
    app.add_flag("--keep-work-dir", options.keep_work_dir, "keep the temporary folder of job files (debugging)")
        ->group("");
    app.add_option("--worker-job", options.worker_job, "internal: run one job in this process")->group("");
    app.add_option("--worker-events", options.worker_events, "internal: where the job's events go")->group("");
    submission->excludes(solutions)->excludes(class_dir);
    solutions->excludes(class_dir);
    hidden->excludes(no_hidden);
    course::fit_help_to_edition(app, {"--solutions", "--student-edition", "--hidden"});  // not in the student edition
    PackageOptions package;  // `labcheck package gradescope ...` (package_command.hpp)
    add_package_command(app, package);

    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& error) {
        const int code = app.exit(error);
        return code == 0 ? 0 : 2;
    }
    if (!options.worker_job.empty()) return run_worker(options.worker_job, options.worker_events);

    try {
        if (*package.gradescope) return run_package_command(package);
        return run(options);
    } catch (const course::UserError& error) {
        fmt::print(stderr, "labcheck: {}\n", error.what());
        return 2;
    } catch (const std::exception& error) {
        fmt::print(stderr, "labcheck: the grader failed: {}\n", error.what());
        return 2;
    }
}
