// Class grading that can stop and resume: per-student records, their hashes,
// the gradebook's missing students, the Slurm scripts, and the timing gate.
#include "class/class_records.hpp"
#include "class/slurm_job.hpp"
#include "cli/grading_options.hpp"
#include "runner/timing_gate.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <atomic>
#include <fstream>
#include <thread>

#include <unistd.h>

using namespace labcheck;
namespace fs = std::filesystem;

namespace {

struct TempDir {
    fs::path path;
    TempDir() {
        std::string pattern = (fs::temp_directory_path() / "class-records-test.XXXXXX").string();
        path = mkdtemp(pattern.data());
    }
    ~TempDir() {
        std::error_code ec;
        fs::remove_all(path, ec);
    }
};

void write(const fs::path& file, const std::string& text) {
    fs::create_directories(file.parent_path());
    std::ofstream(file) << text;
}

StudentRecord sample_record() {
    StudentRecord record;
    record.student = "alice";
    record.lab_folders = {"01-transpose-naive"};
    record.submission_hash = "0123456789abcdef";
    record.config_hash = "fedcba9876543210";
    record.graded_by = {{"host", "node1"}};
    record.report.submission = "class/alice";
    record.report.device_label = "PoCL";
    record.report.device_class = course::DeviceClass::cpu;
    StageResult speed;
    speed.lab = "04";
    speed.lab_folder = "04-matmul-tiled";
    speed.file = "class/alice/04-matmul-tiled/matmul.cl";
    speed.stage = Stage::speedup;
    speed.verdict = Verdict::fail;
    speed.max_points = 2;
    speed.reason = "1.5x, needs 2x";
    speed.ratio = 1.5;
    speed.rate = 12.5;  // the leaderboard's figures: the gradebook's speed columns are built from records
    speed.rate_unit = "GFLOP/s";
    speed.ceiling = 50.0;
    speed.ceiling_name = "FMA peak";
    speed.findings.push_back({"static", "rule", false, "f.cl", 3, "line 3", "text"});
    record.report.results.push_back(speed);
    return record;
}

}  // namespace

TEST_CASE("a record is written whole and read back with every field") {
    TempDir dir;
    write_record(dir.path, sample_record());
    const auto back = read_record(record_path(dir.path, "alice"));
    REQUIRE(back);
    CHECK(back->submission_hash == "0123456789abcdef");
    CHECK(back->lab_folders == std::vector<std::string>{"01-transpose-naive"});
    CHECK(back->config_hash == "fedcba9876543210");
    REQUIRE(back->report.results.size() == 1);
    const auto& r = back->report.results[0];
    CHECK(r.stage == Stage::speedup);
    CHECK(r.verdict == Verdict::fail);
    CHECK(r.ratio == doctest::Approx(1.5));
    CHECK_FALSE(r.baseline_seconds);
    CHECK(r.rate == doctest::Approx(12.5));
    CHECK(r.rate_unit == "GFLOP/s");
    CHECK(r.ceiling == doctest::Approx(50.0));
    CHECK(r.ceiling_name == "FMA peak");
    CHECK(back->report.device_class == course::DeviceClass::cpu);
    REQUIRE(r.findings.size() == 1);
    CHECK(r.findings[0].line == 3);
    CHECK_FALSE(r.findings[0].error);
    for (const auto& entry : fs::directory_iterator(dir.path)) CHECK(entry.path().filename() == "alice.json");
}

TEST_CASE("a record that is missing, unreadable, stale or failed by the grader is graded again") {
    TempDir dir;
    const auto record = sample_record();
    CHECK(record_state(std::nullopt, "a", "b") == RecordState::missing);
    CHECK(record_state(record, record.submission_hash, record.config_hash) == RecordState::current);
    CHECK(record_state(record, "other", record.config_hash) == RecordState::stale);
    CHECK(record_state(record, record.submission_hash, "other") == RecordState::stale);
    auto broken = record;
    broken.report.results[0].verdict = Verdict::error;
    CHECK(record_state(broken, record.submission_hash, record.config_hash) == RecordState::grader_failed);
    write(dir.path / "bob.json", "{\"student\": \"bob\"");  // cut short: not a record
    CHECK_FALSE(read_record(dir.path / "bob.json"));
}

TEST_CASE("the submission hash follows the graded lab folders' files, and only theirs") {
    TempDir dir;
    write(dir.path / "01-transpose-naive" / "transpose.cl", "kernel A");
    write(dir.path / "notes.txt", "not graded");
    const course::KernelSet kernels{dir.path, "class/alice"};
    const std::vector<std::string> labs = {"01-transpose-naive"};
    const auto first = submission_hash(kernels, labs);
    CHECK(first.size() == 16);
    write(dir.path / "notes.txt", "changed, still not graded");
    CHECK(submission_hash(kernels, labs) == first);
    write(dir.path / "01-transpose-naive" / "transpose.cl", "kernel B");
    CHECK(submission_hash(kernels, labs) != first);
    const auto second = submission_hash(kernels, labs);
    write(dir.path / "01-transpose-naive" / "helper.h", "");  // a new file, even empty, changes it
    CHECK(submission_hash(kernels, labs) != second);
}

TEST_CASE("the gradebook from records lists who is missing or graded on other kernels") {
    TempDir dir;
    const auto kernels = [&](const std::string& name, const std::string& text) {
        write(dir.path / "class" / name / "01-transpose-naive" / "transpose.cl", text);
        return std::make_pair(name, course::KernelSet{dir.path / "class" / name, "class/" + name});
    };
    const auto alice = kernels("alice", "kernel");
    const auto bob = kernels("bob", "kernel");
    fs::create_directories(dir.path / "results");
    auto carol = kernels("carol", "kernel");
    for (const auto& [name, set] : {alice, carol}) {
        auto record = sample_record();
        record.student = name;
        record.submission_hash = submission_hash(set, record.lab_folders);
        write_record(dir.path / "results", record);
    }
    carol = kernels("carol", "changed since");
    const auto report = report_from_records(dir.path / "results", {alice, bob, carol});
    REQUIRE(report.students.size() == 1);
    CHECK(report.students[0].first == "alice");
    CHECK(report.missing == std::vector<std::string>{"bob", "carol"});
    CHECK(report.exit_status() == 2);
    const std::vector<GradebookLab> lab02 = {{"02", true, course::RateUnit::gigabytes_per_second}};
    const auto csv = gradebook_csv(report, lab02);
    const auto width = [](const std::string& line) { return std::count(line.begin(), line.end(), ','); };
    const std::string header = csv.substr(0, csv.find('\n'));
    const auto bob_row = csv.find("\nbob,missing,");
    REQUIRE(bob_row != std::string::npos);
    CHECK(width(csv.substr(bob_row + 1, csv.find('\n', bob_row + 1) - bob_row - 1)) == width(header));  // full width
    CHECK(gradebook_json(report)["missing"].size() == 2);
}

TEST_CASE("the Slurm array script: one task per slice, the limit, and every argument quoted") {
    SlurmOptions options;
    options.partition = "gpu";
    options.gres = "gpu:1";
    options.array_limit = 4;
    options.students_per_task = 3;
    ArrayPlan plan;
    plan.job_name = "labcheck-cs101";
    plan.results_dir = "/r";
    plan.student_list = "/r/slurm/students-1.json";
    plan.students = 7;
    plan.grade_command = {"/bin/labcheck", "--class", "/c/it's here"};
    plan.collect_command = {"/bin/labcheck", "--collect", "/r"};
    CHECK(array_tasks(options, plan) == 3);
    const auto script = array_script(options, plan);
    CHECK(script.find("#SBATCH --array=0-2%4\n") != std::string::npos);
    CHECK(script.find("#SBATCH --partition=gpu\n") != std::string::npos);
    CHECK(script.find("#SBATCH --gres=gpu:1\n") != std::string::npos);
    CHECK(script.find("'/c/it'\\''s here'") != std::string::npos);
    CHECK(script.find("--slice-index \"$SLURM_ARRAY_TASK_ID\"") != std::string::npos);
    const auto collect = collect_script(options, plan);
    CHECK(collect.find("--gres") == std::string::npos);  // collecting needs no GPU
    CHECK(collect.find("\n'/bin/labcheck' '--collect' '/r'\n") != std::string::npos);
}

TEST_CASE("sbatch's refusal is one sentence") {
    CHECK(sbatch_complaint("sbatch: error: Batch job submission failed: Invalid partition name specified\n") ==
          "Invalid partition name specified");
    CHECK(sbatch_complaint("sbatch: warning: x\nsbatch: error: Invalid generic resource (gres) specification\n") ==
          "Invalid generic resource (gres) specification");
    CHECK(sbatch_complaint("something else\n\n") == "something else");
}

TEST_CASE("a timing run has the device alone; on a GPU, processor-only children run beside it") {
    TimingGate gate;
    std::atomic<int> on_device{0}, beside_timing{0};
    std::atomic<bool> overlap{false};
    std::vector<std::thread> threads;
    for (int t = 0; t < 8; ++t) {
        threads.emplace_back([&, t] {
            for (int i = 0; i < 200; ++i) {
                const GateNeed need = (i + t) % 7 == 0   ? GateNeed::device_alone
                                      : (i + t) % 3 == 0 ? GateNeed::processors_only
                                                         : GateNeed::device;
                const TimingGate::Pass pass(gate, need);
                if (need == GateNeed::processors_only) continue;  // never counted, never waits
                const int now = ++on_device;
                if (need == GateNeed::device_alone && now != 1) overlap = true;
                --on_device;
            }
        });
    }
    for (auto& thread : threads) thread.join();
    CHECK_FALSE(overlap.load());
    // A processor-only child starts while a timing run holds the device.
    const TimingGate::Pass timing(gate, GateNeed::device_alone);
    std::thread oclgrind([&] {
        const TimingGate::Pass pass(gate, GateNeed::processors_only);
        ++beside_timing;
    });
    oclgrind.join();
    CHECK(beside_timing.load() == 1);
}

// The grading options are declared once (cli/grading_options.hpp): what a Slurm job is given and
// what a record keeps are read from the same rows as the command line itself.
namespace {

Options parsed(std::vector<std::string> args) {
    Options options;
    CLI::App app;
    add_grading_table(app, options);
    std::reverse(args.begin(), args.end());  // CLI11 takes them last first
    app.parse(args);
    return options;
}

}  // namespace

TEST_CASE("every grading option a Slurm job is given reads back as given, and each row forwards what it parsed") {
    const std::vector<std::string> given = {
        "--lab", "01", "--lab", "04", "--stage", "build,correctness", "--device", "0", "--device", "1",
        "--hidden", "/tmp/hidden.toml", "--timeout", "30", "--launch-timeout", "2", "--compile-timeout", "60",
        "--memory-limit", "2048", "--jobs", "3", "-D", "TILE_SIZE=8", "--min-ratio", "0.5", "--quiet",
        "--memory-feedback", "--submission-times", "/tmp/times.csv", "--deadline", "2026-11-23T23:59:00+01:00"};
    const Options options = parsed(given);
    for (const auto& option : grading_options()) {
        INFO(option.flag);
        // --jobs is each task's own; every other option given above is forwarded to some job.
        CHECK(option.arguments(options).empty() == (option.forward_to == ForwardTo::none || std::string(option.flag) == "--no-hidden"));
    }
    std::vector<std::string> forwarded;
    for (const auto job : {ForwardTo::grading, ForwardTo::gradebook}) {
        auto args = forwarded_arguments(options, "/course", job);
        args.erase(args.begin(), args.begin() + 2);  // --root /course
        CHECK(forwarded_arguments(parsed(args), "/course", job) == forwarded_arguments(options, "/course", job));
        forwarded.insert(forwarded.end(), args.begin(), args.end());
    }
    CHECK(std::find(forwarded.begin(), forwarded.end(), "--deadline") != forwarded.end());
    CHECK(std::find(forwarded.begin(), forwarded.end(), "--jobs") == forwarded.end());
}

TEST_CASE("the records' configuration hash follows every option whose row says a record changes with it") {
    GradeSettings settings;
    RunnerSettings runner;
    settings.recorded_options = recorded_options(settings, runner);
    const std::string base = config_hash(settings, runner);
    // Every row that changes a record is in the hashed options, under its flag.
    for (const auto& option : grading_options()) {
        INFO(option.flag);
        CHECK(settings.recorded_options.contains(option.flag) == (option.recorded != nullptr));
    }
    RunnerSettings longer = runner;
    longer.launch_timeout_seconds = 2.0;
    settings.recorded_options = recorded_options(settings, longer);
    CHECK(config_hash(settings, longer) != base);
    GradeSettings easier;
    easier.min_ratio = 0.5;
    easier.recorded_options = recorded_options(easier, runner);
    CHECK(config_hash(easier, runner) != base);
    // What changes no verdict (the lanes' devices, --jobs, --quiet) leaves the hash as it is.
    GradeSettings other_device;
    other_device.device = "1";
    other_device.jobs = 7;
    other_device.progress = false;
    other_device.recorded_options = recorded_options(other_device, runner);
    CHECK(config_hash(other_device, runner) == base);
}

TEST_CASE("the records keep the limits in force, defaults included, so that a changed default makes them stale") {
    GradeSettings settings;
    RunnerSettings runner;  // every limit at its default (0 in the settings)
    const nlohmann::json recorded = recorded_options(settings, runner);
    CHECK(recorded.at("--timeout").at("check") == default_timeout(JobKind::check));
    CHECK(recorded.at("--timeout").at("speedup") == default_timeout(JobKind::speedup));
    CHECK(recorded.at("--launch-timeout").at("dynamic") == default_launch_timeout(JobKind::dynamic));
    CHECK(recorded.at("--compile-timeout") == kDefaultCompileTimeout);
    // Saying the default out loud is the same configuration as leaving it out.
    RunnerSettings explicit_defaults = runner;
    explicit_defaults.compile_timeout_seconds = kDefaultCompileTimeout;
    explicit_defaults.timeout_seconds = 0.0;
    CHECK(recorded_options(settings, explicit_defaults).at("--compile-timeout") == recorded.at("--compile-timeout"));
    // A launch limit longer than the whole job's is none: the job's limit is the one in force.
    RunnerSettings short_jobs = runner;
    short_jobs.timeout_seconds = 5.0;
    CHECK(recorded_options(settings, short_jobs).at("--launch-timeout").at("check") == 0.0);
}
