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
#include <thread>

#include <unistd.h>

namespace {

using namespace labcheck;

struct Options {
    std::vector<std::string> labs;
    std::string submission;
    bool solutions = false;
    bool uploaded = false;  // --uploaded: the submission was staged from an upload (run_autograder)
    std::string upload_notes;  // --upload-notes: submission_mapping.py's {"notes": [...]} for the report
    std::string class_dir;
    std::vector<std::string> devices;  // --device, once; with --class once per timing lane
    std::string json_file;
    PlatformOptions platform;  // --format, --results-dir, lateness (platform_options.hpp)
    std::string gradebook;
    std::vector<std::string> stages;
    std::string root;
    std::string hidden_file;
    bool no_hidden = false;
    double timeout = 0.0;
    double launch_timeout = 0.0;
    double compile_timeout = 0.0;
    std::uint64_t memory_mib = 4096;
    int jobs = 0;
    std::vector<std::string> defines;
    double min_ratio = 0.0;
    bool quiet = false;
    bool memory_feedback = false;
    bool keep_work_dir = false;
    std::string student_edition;
    std::string results;  // --class: the records folder
    std::string collect;  // --class: only build the gradebook from this records folder
    bool slurm = false;
    SlurmOptions slurm_options;
    std::string student_list;  // a Slurm array task's list of students
    int slice_index = -1;      // and its index in the array
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

std::filesystem::path absolute(const std::string& path) { return std::filesystem::absolute(path).lexically_normal(); }

ClassFiles class_files(const Options& options) {
    ClassFiles files;
    files.class_dir = absolute(options.class_dir);
    files.results_dir = !options.collect.empty()   ? absolute(options.collect)
                        : !options.results.empty() ? absolute(options.results)
                                                   : default_results_dir(files.class_dir);
    files.gradebook = absolute(options.gradebook.empty() ? "gradebook.csv" : options.gradebook);
    if (!options.json_file.empty()) files.json_file = absolute(options.json_file);
    std::vector<std::string> names;
    for (const auto& folder : student_folders(files.class_dir)) names.push_back(folder.filename().string());
    files.course_root = course::course_root(options.root);
    // A Gradescope export: its submitters and times (gradescope_export.hpp); read before grading: fails fast.
    const auto exported = read_gradescope_export(files.class_dir, files.course_root);
    if (exported) files.extra_columns = export_columns(*exported);
    const auto times = exported ? std::optional<SubmissionTimes>(export_times(*exported)) : std::nullopt;
    const auto lateness = lateness_columns(options.platform, names, times ? &*times : nullptr);
    files.extra_columns.insert(files.extra_columns.end(), lateness.begin(), lateness.end());
    return files;
}

// Which job of a split grading needs an option: the array tasks that grade (their records' hash
// covers it: class_records.hpp, config_hash), the job that collects the gradebook, or both.
enum class NeededBy { grading, gradebook, both };

// An option a Slurm job is given as this command got it: its flag, which job needs it, and its
// arguments (the flag and value(s), paths made absolute; nothing when it was not given).
struct ForwardedOption {
    const char* flag;
    NeededBy needed_by;
    std::vector<std::string> (*arguments)(const Options&);
};

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

// Every option of the grading that a Slurm job must be given, once: the array's and the collecting
// job's command lines are both read from this table, so no option is dropped by one of them.
// (--class, --results/--collect, --root and the Slurm options are set by the submission itself.)
const std::vector<ForwardedOption>& forwarded_options() {
    static const std::vector<ForwardedOption> table = {
        {"--lab", NeededBy::both, [](const Options& o) { return each("--lab", o.labs); }},
        {"--stage", NeededBy::grading,
         [](const Options& o) {
             std::string stages;
             for (const auto& stage : o.stages) stages += (stages.empty() ? "" : ",") + stage;
             return given("--stage", stages);
         }},
        {"--no-hidden", NeededBy::grading, [](const Options& o) { return given_flag("--no-hidden", o.no_hidden); }},
        {"--hidden", NeededBy::grading, [](const Options& o) { return given_path("--hidden", o.hidden_file); }},
        {"--timeout", NeededBy::grading, [](const Options& o) { return given_number("--timeout", o.timeout); }},
        {"--launch-timeout", NeededBy::grading,
         [](const Options& o) { return given_number("--launch-timeout", o.launch_timeout); }},
        {"--compile-timeout", NeededBy::grading,
         [](const Options& o) { return given_number("--compile-timeout", o.compile_timeout); }},
        {"--memory-limit", NeededBy::grading,
         [](const Options& o) { return std::vector<std::string>{"--memory-limit", std::to_string(o.memory_mib)}; }},
        {"-D", NeededBy::grading, [](const Options& o) { return each("-D", o.defines); }},
        {"--min-ratio", NeededBy::grading, [](const Options& o) { return given_number("--min-ratio", o.min_ratio); }},
        {"--device", NeededBy::grading, [](const Options& o) { return each("--device", o.devices); }},
        {"--quiet", NeededBy::grading, [](const Options& o) { return given_flag("--quiet", o.quiet); }},
        {"--memory-feedback", NeededBy::grading,
         [](const Options& o) { return given_flag("--memory-feedback", o.memory_feedback); }},
        {"--submission-times", NeededBy::gradebook,
         [](const Options& o) { return given_path("--submission-times", o.platform.submission_times); }},
        {"--deadline", NeededBy::gradebook, [](const Options& o) { return given("--deadline", o.platform.deadline); }},
    };
    return table;
}

// The forwarded options that `job` needs, after --root.
std::vector<std::string> forwarded_arguments(const Options& options, const std::filesystem::path& root, NeededBy job) {
    std::vector<std::string> args = {"--root", root.string()};
    for (const auto& option : forwarded_options()) {
        if (option.needed_by != job && option.needed_by != NeededBy::both) continue;
        const auto more = option.arguments(options);
        args.insert(args.end(), more.begin(), more.end());
    }
    return args;
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
    const auto grading = forwarded_arguments(options, settings.root, NeededBy::grading);
    plan.grade_command.insert(plan.grade_command.end(), grading.begin(), grading.end());
    plan.grade_command.insert(plan.grade_command.end(),
                              {"--class", files.class_dir.string(), "--results", files.results_dir.string()});
    plan.collect_command = {self};
    const auto gradebook = forwarded_arguments(options, settings.root, NeededBy::gradebook);
    plan.collect_command.insert(plan.collect_command.end(), gradebook.begin(), gradebook.end());
    plan.collect_command.insert(plan.collect_command.end(), {"--class", files.class_dir.string(), "--collect",
                                                             files.results_dir.string(), "--gradebook",
                                                             files.gradebook.string()});
    if (!files.json_file.empty()) plan.collect_command.insert(plan.collect_command.end(), {"--json", files.json_file.string()});
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
    // --jobs, else one per core: child processes at a time, and with --class students at a time.
    settings.jobs = options.jobs > 0 ? options.jobs : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
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
    app.add_option("--lab", options.labs, "lab to check, e.g. 02 (repeat for several; default: every lab)");
    auto* submission = app.add_option("--submission", options.submission,
                                      "folder laid out like labs/ (default: this repository's labs/)");
    auto* solutions = app.add_flag("--solutions", options.solutions, "check solutions/ instead of labs/");
    app.add_flag("--uploaded", options.uploaded,
                 "the --submission folder was staged from a student's upload: reproduce lines name their labs/");
    app.add_option("--upload-notes", options.upload_notes,
                   "with --uploaded: the notes submission_mapping.py printed, shown with the results (PrairieLearn)");
    auto* class_dir =
        app.add_option("--class", options.class_dir, "folder with one submission folder per student: grade them all");
    app.add_option("--device", options.devices,
                   "device index or part of its name (default: LAB_DEVICE, else a GPU, else PoCL); with --class, "
                   "repeat it for one timing lane per device (--device 0 --device 1 on a node with two GPUs)");
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
    submission->excludes(solutions)->excludes(class_dir);
    solutions->excludes(class_dir);
    hidden->excludes(no_hidden);
}

// The limits of every child process, and the experiments' overrides (-D, --min-ratio).
void add_limit_options(CLI::App& app, Options& options) {
    // The defaults are the runner's own (unit_runner.hpp), said here from there.
    app.add_option("--timeout", options.timeout,
                   fmt::format("wall-clock limit of every child process, in seconds, compiling left out "
                               "(default: {:g} for checks, {:g} for Oclgrind, {:g} for timing, {:g} for the static "
                               "analysis)",
                               default_timeout(JobKind::check), default_timeout(JobKind::dynamic),
                               default_timeout(JobKind::speedup), default_timeout(JobKind::static_analysis)));
    app.add_option("--launch-timeout", options.launch_timeout,
                   fmt::format("limit on one launch of a check or Oclgrind job, in seconds of its busiest thread's "
                               "CPU time on a CPU device, of wall time on a GPU (default: {:g} for checks, {:g} for "
                               "Oclgrind)",
                               default_launch_timeout(JobKind::check), default_launch_timeout(JobKind::dynamic)));
    app.add_option("--compile-timeout", options.compile_timeout,
                   fmt::format("limit on one compilation (a build, or PoCL's compiling at a kernel's first launch), "
                               "in seconds of the compiler's CPU time (default: {:g})",
                               kDefaultCompileTimeout));
    app.add_option("--memory-limit", options.memory_mib, "memory limit of every child process, in MiB")
        ->capture_default_str();
    app.add_option("--jobs,-j", options.jobs, "child processes at a time; with --class, students at a time (default: one per core; a timing run has the "
                   "device alone)");
    app.add_option("-D,--define", options.defines, "extra kernel define NAME=VALUE for every lab (experiments only)");
    app.add_option("--min-ratio", options.min_ratio, "replace every lab's speedup threshold (experiments only)");
}

// The other modes' options (--class's records and Slurm after add_grading_options's --class), and
// those only labcheck passes to itself (hidden from --help).
void add_mode_options(CLI::App& app, Options& options) {
    app.add_flag("--quiet,-q", options.quiet, "no progress lines on stderr");
    app.add_flag("--memory-feedback", options.memory_feedback,
                 "add the simulated memory report (lab run NN --memory) to the barriers stage's feedback of "
                 "labs 01-06 and 08: no points depend on it (one more Oclgrind run per lab: seconds)");
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
    add_limit_options(app, options);
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
