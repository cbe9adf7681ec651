// labcheck: the course's autograder. Grades a submission (a folder laid out
// like labs/), the solutions, or a whole class, stage by stage: build,
// correctness, barriers, speedup. Every student kernel runs in a child process
// (this program re-executed with --worker-job), so a hang or a crash costs one
// test and never the grader.
//
// Exit status: 0 every checked stage passed, 1 something failed, 2 the grader
// itself could not run (or could not judge a stage).
#include "util/atomic_file.hpp"
#include "class/class_grading.hpp"
#include "class/class_jobs.hpp"
#include "class/class_records.hpp"
#include "class/slurm_job.hpp"
#include "cli/package_command.hpp"
#include "cli/grading_options.hpp"
#include "cli/platform_options.hpp"
#include "cli/similarity_command.hpp"
#include "edition/student_edition.hpp"
#include "plan/check_plan.hpp"
#include "report/gradescope_json.hpp"
#include "report/terminal_report.hpp"
#include "runner/unit_runner.hpp"
#include "runner/work_dir.hpp"
#include "class/class_uploads.hpp"
#include "class/gradescope_export.hpp"
#include "stages/submission_grading.hpp"
#include "worker/worker.hpp"

#include "util/course_root.hpp"
#include "util/edition.hpp"
#include "terms/defines.hpp"
#include "problems/lab_session.hpp"
#include "description/lab_spec.hpp"
#include "util/text_escape.hpp"
#include "util/user_error.hpp"

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include <ctime>
#include <cstdlib>

#include <unistd.h>

namespace {

using namespace labcheck;


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

std::filesystem::path absolute(const std::string& path) { return std::filesystem::absolute(path).lexically_normal(); }

ClassFiles class_files(const Options& options) {
    ClassFiles files;
    files.class_dir = absolute(options.class_dir);
    files.results_dir = !options.collect.empty()   ? absolute(options.collect)
                        : !options.results.empty() ? absolute(options.results)
                                                   : default_results_dir(files.class_dir);
    files.gradebook = absolute(options.gradebook.empty() ? "gradebook.csv" : options.gradebook);
    if (!options.json_file.empty()) files.json_file = absolute(options.json_file);
    files.json_format = options.platform.format;
    std::vector<std::string> names;
    for (const auto& folder : student_folders(files.class_dir)) names.push_back(folder.filename().string());
    files.course_root = course::course_root(options.root);
    // A Gradescope export: its submitters and times (gradescope_export.hpp); read before grading: fails fast.
    const auto exported = read_gradescope_export(files.class_dir, files.course_root);
    if (exported) files.extra_columns = export_columns(*exported);
    for (const auto& warning : exported ? export_warnings(*exported, names) : std::vector<std::string>{}) {
        fmt::print(stderr, "labcheck: warning: {}\n", course::printable_text(warning));
    }
    const auto times = exported ? std::optional<SubmissionTimes>(export_times(*exported)) : std::nullopt;
    const auto lateness = lateness_columns(options.platform, names, times ? &*times : nullptr);
    files.extra_columns.insert(files.extra_columns.end(), lateness.begin(), lateness.end());
    return files;
}

// --slurm: the students whose record is not current, as a job array and a collecting job.
int submit_to_slurm(const Options& options, const GradeSettings& settings, const RunnerSettings& runner_settings) {
    const ClassFiles files = class_files(options);
    require_results_outside_class(files);
    const auto students = class_students(files.class_dir, settings.lab_folders, files.course_root);
    std::vector<std::string> configs;  // this host cannot tell the nodes' device class: either will do
    for (const auto device_class : {course::DeviceClass::cpu, course::DeviceClass::gpu}) {
        GradeSettings on = settings;
        on.device_report.device_class = device_class;
        configs.push_back(config_hash(on, runner_settings));
    }
    const auto todo = students_to_grade(students, files.results_dir, configs);
    if (todo.empty()) {
        fmt::print("every student of {} has a current record in {}: nothing to submit\n", files.class_dir.string(),
                   files.results_dir.string());
        return collect_class(files, settings.lab_folders);
    }
    const std::string self = std::filesystem::canonical("/proc/self/exe").string();
    ArrayPlan plan;
    plan.job_name = "labcheck-" + files.class_dir.filename().string();
    plan.results_dir = files.results_dir;
    plan.student_list = files.results_dir / "slurm" / fmt::format("students-{}-{}.json", std::time(nullptr), getpid());
    plan.students = todo.size();
    plan.grade_command = {self};
    const auto grading = forwarded_arguments(options, settings.root, ForwardTo::grading);
    plan.grade_command.insert(plan.grade_command.end(), grading.begin(), grading.end());
    plan.grade_command.insert(plan.grade_command.end(),
                              {"--class", files.class_dir.string(), "--results", files.results_dir.string()});
    plan.collect_command = {self};
    const auto gradebook = forwarded_arguments(options, settings.root, ForwardTo::gradebook);
    plan.collect_command.insert(plan.collect_command.end(), gradebook.begin(), gradebook.end());
    plan.collect_command.insert(plan.collect_command.end(), {"--class", files.class_dir.string(), "--collect",
                                                             files.results_dir.string(), "--gradebook",
                                                             files.gradebook.string()});
    if (!files.json_file.empty()) {
        plan.collect_command.insert(plan.collect_command.end(), {"--json", files.json_file.string(), "--format",
                                                                 results_format_name(files.json_format)});
    }
    submit_class_array(options.slurm_options, plan, todo);
    return 0;
}

// One lane per --device (one when none is given): its probed device and its runner, whose timing
// gate gives that device alone to one timing at a time. Every lane's device must be of one class.
std::vector<std::unique_ptr<UnitRunner>> open_lanes(const std::vector<std::string>& devices, const GradeSettings& settings,
                                                    const RunnerSettings& runner_settings, std::vector<GradingLane>& lanes) {
    std::vector<std::unique_ptr<UnitRunner>> runners;
    UnitRunner probe_runner(runner_settings);
    for (const auto& device : devices.empty() ? std::vector<std::string>{""} : devices) {
        GradingLane lane{settings, nullptr};
        lane.settings.device = device;
        lane.settings.device_report = probe_device(probe_runner, device);
        if (!lanes.empty() && lane.settings.device_report.device_class != lanes.front().settings.device_report.device_class) {
            throw course::UserError({"--device options naming devices of one class (every GPU, or every CPU)",
                                     fmt::format("{} and {}", lanes.front().settings.device_report.label,
                                                 lane.settings.device_report.label),
                                     "--device", "grade a class on GPUs alone, or on one CPU device"});
        }
        RunnerSettings own = runner_settings;
        own.gpu_device = lane.settings.device_report.device_class == course::DeviceClass::gpu;
        runners.push_back(std::make_unique<UnitRunner>(own));
        lane.runner = runners.back().get();
        lanes.push_back(std::move(lane));
    }
    return runners;
}

// --class: every student (or a Slurm task's slice of them), settings.jobs students at a time, spread
// over the lanes of --device.
int grade_class(const Options& options, const GradeSettings& settings, const RunnerSettings& runner_settings) {
    std::optional<StudentSlice> slice;
    if (!options.student_list.empty()) {
        slice = StudentSlice{absolute(options.student_list), std::max(options.slice_index, 0),
                             std::max(options.slurm_options.students_per_task, 1)};
    }
    std::vector<GradingLane> lanes;
    const auto runners = open_lanes(options.devices, settings, runner_settings, lanes);
    return grade_class_with_records(class_files(options), lanes, settings.jobs, slice);
}

// Everything about the grading but the device (probed later, in a child).
GradeSettings grade_settings(const Options& options, const std::filesystem::path& root) {
    GradeSettings settings;
    settings.root = root;
    settings.stages = parse_stages(options.stages);
    settings.lab_folders = chosen_labs(root, options.labs);
    settings.device = options.devices.empty() ? std::string() : options.devices.front();
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
    settings.defines = course::parse_defines(options.defines);
    if (options.min_ratio > 0.0) settings.min_ratio = options.min_ratio;
    // --jobs, else one per core this process may use (a container's or a Slurm job's CPU limit, not the
    // host's count): child processes at a time, and with --class students at a time.
    settings.jobs = options.jobs > 0 ? options.jobs : static_cast<int>(usable_processors());
    settings.progress = !options.quiet;
    settings.memory_feedback = options.memory_feedback;
    return settings;
}

// What `labcheck --student-edition DIR` wrote and left out.
void print_edition_summary(const EditionSummary& summary, const std::string& target) {
    const auto listed = [](const std::vector<std::string>& paths) {
        std::string text;
        for (const auto& path : paths) text += (text.empty() ? "" : ", ") + path;
        return text;
    };
    fmt::print("student edition written to {}: {} files", target, summary.files);
    fmt::print("{}\n", summary.left_out.empty() ? std::string() : "; left out " + listed(summary.left_out));
    if (!summary.full_clone_only.empty()) {
        fmt::print("left out {} file(s) marked full clone only (tests whose kernels answer a lab): {}\n",
                   summary.full_clone_only.size(), listed(summary.full_clone_only));
    }
    if (!summary.ignored.empty()) {
        fmt::print("left out {} path(s) git ignores (build folders, carry folders, editor files): {}\n",
                   summary.ignored.size(), listed(summary.ignored));
    }
    for (const auto& stub : summary.committed_stubs) {
        fmt::print("note: {} differs from its committed version (a solved kernel?): the edition has the "
                   "committed stub (commit a stub you changed to ship it)\n",
                   stub);
    }
}

// What this run of labcheck does, chosen once from its command line (mode_of).
enum class Mode {
    worker,            // --worker-job: run one job in this process (the child side)
    package,           // `labcheck package gradescope ...`
    similarity,        // `labcheck similarity ...`
    student_edition,   // --student-edition DIR
    collect,           // --class DIR --collect RECORDS: the gradebook from records, grading nobody
    slurm,             // --class DIR --slurm: submit a job array
    grade_class,       // --class DIR
    grade_submission,  // --submission DIR, --solutions, or labs/
};

// The subcommands, each with its options (package_command.hpp, similarity_command.hpp).
struct Subcommands {
    PackageOptions package;
    SimilarityOptions similarity;
};

Mode mode_of(const Options& options, const Subcommands& commands) {
    if (!options.worker_job.empty()) return Mode::worker;
    if (*commands.package.gradescope) return Mode::package;
    if (*commands.similarity.command) return Mode::similarity;
    if (!options.student_edition.empty()) return Mode::student_edition;
    if (options.class_dir.empty()) return Mode::grade_submission;
    if (!options.collect.empty()) return Mode::collect;
    return options.slurm ? Mode::slurm : Mode::grade_class;
}

// How the children are run: the limits of the options, in the work folder.
RunnerSettings runner_settings_of(const Options& options, const WorkDir& work_dir) {
    RunnerSettings runner_settings;
    runner_settings.self = own_executable();
    runner_settings.work_dir = work_dir.path();
    runner_settings.oclgrind = find_in_path("oclgrind");
#ifdef MEMORY_LENS_PLUGIN
    if (std::filesystem::exists(MEMORY_LENS_PLUGIN)) runner_settings.memory_plugin = MEMORY_LENS_PLUGIN;
#endif
    runner_settings.timeout_seconds = options.timeout;
    runner_settings.launch_timeout_seconds = options.launch_timeout;
    runner_settings.compile_timeout_seconds = options.compile_timeout;
    runner_settings.keep_files = options.keep_work_dir;
    runner_settings.memory_bytes = options.memory_mib << 20;
    const unsigned cores = usable_processors();
    runner_settings.processor_threads =
        threads_per_child(cores, options.jobs > 0 ? static_cast<unsigned>(options.jobs) : cores);
    // Asked for a cold cache: one of this run's own, empty at its start and gone with the work folder.
    if (const char* cache = std::getenv("POCL_KERNEL_CACHE"); cache != nullptr && std::string(cache) == "0") {
        runner_settings.kernel_cache = work_dir.path() / "pocl-kernels";
    }
    return runner_settings;
}

// One submission (or the solutions, or labs/): the table, and the platform's results.json when asked.
int grade_one_submission(const Options& options, const GradeSettings& settings, UnitRunner& runner) {
    auto kernels = with_labs_layout(
        course::kernel_set(settings.root, options.solutions ? "solutions" : options.submission), settings.lab_folders);
    kernels.staged_upload = options.uploaded;
    auto report = grade_submission(kernels, settings, runner);
    if (!options.upload_notes.empty()) {
        report.upload_notes = read_upload_notes(options.upload_notes);
        explain_unread_labs(kernels, report.upload_notes, report);
    }
    fmt::print("{}", terminal_report(report));
    if (!options.json_file.empty() || !options.platform.results_dir.empty()) {
        write_platform_results(options.platform, options.json_file, report);
    }
    return report.exit_status();
}

// The modes that grade: a submission, a class, or a class submitted to Slurm.
int grade(Mode mode, const Options& options, const std::filesystem::path& root) {
    WorkDir work_dir(options.keep_work_dir);
    work_dir.remove_on_signal();
    if (options.keep_work_dir) fmt::print(stderr, "labcheck: keeping the work folder {}\n", work_dir.path().string());
    RunnerSettings runner_settings = runner_settings_of(options, work_dir);
    GradeSettings settings = grade_settings(options, root);
    settings.recorded_options = recorded_options(settings, runner_settings);
    if (mode == Mode::slurm) return submit_to_slurm(options, settings, runner_settings);
    if (mode == Mode::grade_class) return grade_class(options, settings, runner_settings);
    UnitRunner probe_runner(runner_settings);
    settings.device_report = probe_device(probe_runner, settings.device);
    runner_settings.gpu_device = settings.device_report.device_class == course::DeviceClass::gpu;
    UnitRunner runner(runner_settings);
    return grade_one_submission(options, settings, runner);
}

int run(Mode mode, const Options& options, const Subcommands& commands) {
    if (mode == Mode::package) return run_package_command(commands.package);
    if (mode == Mode::similarity) return run_similarity_command(commands.similarity);
    if (options.devices.size() > 1 && options.class_dir.empty()) {
        throw course::UserError({"one --device for one submission", fmt::format("{} of them", options.devices.size()),
                                 "--device", "repeat --device only with --class (one timing lane per device)"});
    }
    check_platform_options(options.platform, !options.class_dir.empty());
    const auto root = course::course_root(options.root);
    if (mode == Mode::student_edition) {
        print_edition_summary(make_student_edition(root, options.student_edition), options.student_edition);
        return 0;
    }
    if (mode == Mode::collect) return collect_class(class_files(options), chosen_labs(root, options.labs));
    return grade(mode, options, root);
}

// --class's records and its Slurm options.
void add_class_options(CLI::App& app, Options& options, CLI::Option* class_dir) {
    app.add_option("--results", options.results,
                   "with --class: the folder of per-student records (default: CLASS-labcheck-results beside CLASS)");
    auto* collect = app.add_option("--collect", options.collect,
                                   "with --class: build the gradebook from this folder of records, grading nobody");
    auto* slurm = app.add_flag("--slurm", options.slurm,
                               "with --class: grade as a Slurm job array (sbatch) and collect the gradebook after it");
    collect->needs(class_dir)->excludes(slurm);
    slurm->needs(class_dir);
    auto& so = options.slurm_options;
    app.add_option("--partition", so.partition, "with --slurm: the partition (default: the cluster's)")->group("Slurm");
    app.add_option("--gres", so.gres, "with --slurm: each task's generic resources, e.g. gpu:1")->group("Slurm");
    app.add_option("--time", so.time, "with --slurm: each task's time limit, e.g. 02:00:00")->group("Slurm");
    app.add_option("--array-limit", so.array_limit, "with --slurm: array tasks running at once (default: no limit)")
        ->check(CLI::NonNegativeNumber)
        ->group("Slurm");
    app.add_option("--students-per-task", so.students_per_task, "with --slurm: students graded by one array task")
        ->check(CLI::PositiveNumber)
        ->capture_default_str()
        ->group("Slurm");
    app.add_option("--sbatch-arg", so.sbatch_args,
                   "with --slurm: one more sbatch option as it is, e.g. --sbatch-arg=--account=cs101 (repeatable)")
        ->allow_extra_args(false)
        ->group("Slurm");
    app.add_flag("--dry-run", so.dry_run, "with --slurm: print the job scripts and sbatch commands, submit nothing")
        ->group("Slurm");
}

// What to grade and how: the labs, the submission (or --solutions, or --class), the stages, the
// device, hidden sizes, and what the run writes.
void add_grading_options(CLI::App& app, Options& options) {
    auto* submission = app.add_option("--submission", options.submission,
                                      "folder laid out like labs/ (default: this repository's labs/)");
    auto* solutions = app.add_flag("--solutions", options.solutions, "check solutions/ instead of labs/");
    app.add_flag("--uploaded", options.uploaded,
                 "the --submission folder was staged from a student's upload: reproduce lines name their labs/");
    app.add_option("--upload-notes", options.upload_notes,
                   "with --uploaded: the notes submission_mapping.py printed, shown with the results (PrairieLearn)");
    auto* class_dir =
        app.add_option("--class", options.class_dir, "folder with one submission folder per student: grade them all");
    auto* json = app.add_option("--json", options.json_file,
                                "write the results.json of --format here (with --class: every student's, in that form)");
    add_platform_options(app, options.platform, json);
    app.add_option("--gradebook", options.gradebook, "with --class: the CSV gradebook (default: gradebook.csv)");
    app.add_option("--root", options.root, "the course repository (default: LAB_ROOT, else the source tree)");
    submission->excludes(solutions)->excludes(class_dir);
    solutions->excludes(class_dir);
}

// The other modes' options (--class's records and Slurm after add_grading_options's --class), and
// those only labcheck passes to itself (hidden from --help).
void add_mode_options(CLI::App& app, Options& options) {
    app.add_option("--student-edition", options.student_edition,
                   "write a copy of the course without solutions/, hidden sizes and mutants to this folder, then stop");
    app.add_flag("--keep-work-dir", options.keep_work_dir, "keep the temporary folder of job files (debugging)")
        ->group("");
    add_class_options(app, options, app.get_option("--class"));
    app.add_option("--student-list", options.student_list, "internal: a Slurm task's list of students")->group("");
    app.add_option("--slice-index", options.slice_index, "internal: a Slurm task's index in the array")->group("");
    app.add_option("--worker-job", options.worker_job, "internal: run one job in this process")->group("");
    app.add_option("--worker-events", options.worker_events, "internal: where the job's events go")->group("");
}

}  // namespace

int main(int argc, char** argv) {
    Options options;
    Subcommands commands;
    CLI::App app{"labcheck: grade OpenCL lab kernels (build, correctness, barriers, speedup)"};
    add_grading_options(app, options);
    add_grading_table(app, options);
    add_mode_options(app, options);
    course::fit_help_to_edition(app, {"--solutions", "--student-edition", "--hidden"});  // not in the student edition
    add_package_command(app, commands.package);
    add_similarity_command(app, commands.similarity);
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& error) {
        const int code = app.exit(error);
        return code == 0 ? 0 : 2;
    }
    const Mode mode = mode_of(options, commands);
    if (mode == Mode::worker) return run_worker(options.worker_job, options.worker_events);
    try {
        return run(mode, options, commands);
    } catch (const course::UserError& error) {
        fmt::print(stderr, "labcheck: {}\n", course::printable_text(error.what()));
        return 2;
    } catch (const std::exception& error) {
        fmt::print(stderr, "labcheck: the grader failed: {}\n", course::printable_text(error.what()));
        return 2;
    }
}
