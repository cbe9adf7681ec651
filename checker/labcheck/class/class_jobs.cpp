#include "class/class_jobs.hpp"

#include "class/class_records.hpp"
#include "class/class_uploads.hpp"
#include "runner/child_process.hpp"
#include "runner/parallel_tasks.hpp"

#include "util/atomic_file.hpp"
#include "util/text_escape.hpp"
#include "util/user_error.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <mutex>
#include <set>
#include <sstream>

#include <unistd.h>

namespace labcheck {

namespace fs = std::filesystem;

namespace {

volatile std::sig_atomic_t stop_signal = 0;

extern "C" void stop_grading(int signal) {
    stop_signal = signal;
    stop_all_children();
}

// While it lives, SIGINT, SIGTERM and SIGHUP stop the grading instead of ending labcheck at once.
class StopOnSignal {
public:
    StopOnSignal() {
        struct sigaction action {};
        action.sa_handler = stop_grading;
        sigemptyset(&action.sa_mask);
        for (const int signal : {SIGINT, SIGTERM, SIGHUP}) sigaction(signal, &action, &previous_[index(signal)]);
    }
    ~StopOnSignal() {
        for (const int signal : {SIGINT, SIGTERM, SIGHUP}) sigaction(signal, &previous_[index(signal)], nullptr);
    }
    StopOnSignal(const StopOnSignal&) = delete;
    StopOnSignal& operator=(const StopOnSignal&) = delete;

private:
    static int index(int signal) { return signal == SIGINT ? 0 : signal == SIGTERM ? 1 : 2; }
    struct sigaction previous_[3]{};
};

std::string class_name(const fs::path& class_dir) {
    return class_dir.filename().empty() ? class_dir.parent_path().filename().string() : class_dir.filename().string();
}

std::string text_of(const fs::path& file) {
    std::ifstream in(file, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// Who wrote a record: for people reading it (a regrade shows a new job), never compared.
nlohmann::json graded_by() {
    char host[256] = {0};
    gethostname(host, sizeof host - 1);
    nlohmann::json who = {{"host", host}, {"pid", getpid()}, {"time", static_cast<long long>(std::time(nullptr))}};
    for (const char* name : {"SLURM_ARRAY_JOB_ID", "SLURM_ARRAY_TASK_ID", "SLURM_JOB_ID"}) {
        if (const char* value = std::getenv(name)) who[name] = value;
    }
    return who;
}

// The terminal text of a class run: a student's folder name is written with its control characters
// visible (course::printable_text).
void print_now(const std::string& line) {
    std::fputs(course::printable_text(line).c_str(), stdout);
    std::fflush(stdout);  // a summary line is never held back in a buffer (an interrupted run shows it)
}

std::string summary_line(const std::string& student, const SubmissionReport& submission) {
    std::size_t failed = 0;
    for (const auto& r : submission.results) failed += r.verdict != Verdict::pass && r.verdict != Verdict::warn;
    return fmt::format("{:<24} {:>6g} / {:<4g} {}\n", student, submission.score(), submission.max_score(),
                       failed == 0 ? std::string("every stage passed") : fmt::format("{} stage(s) failed", failed));
}

void write_gradebook(const ClassFiles& files, const ClassReport& report, const std::vector<std::string>& lab_folders) {
    const auto labs = gradebook_labs(files.course_root, lab_folders);
    course::write_file_atomically(files.gradebook, gradebook_csv(report, labs, files.extra_columns));
    print_now(fmt::format("\ngradebook written to {} ({} graded, {} missing)\n", files.gradebook.string(),
                          report.students.size(), report.missing.size()));
    if (!files.json_file.empty()) {
        // ASCII only: a student's folder name stays exact (its control characters as \u escapes), never raw.
        const auto json = gradebook_json(report, files.json_format).dump(2, ' ', true, nlohmann::json::error_handler_t::replace);
        course::write_file_atomically(files.json_file, json + "\n");
        print_now(fmt::format("per-student results written to {}\n", files.json_file.string()));
    }
    for (const auto& reason : speed_ranking_warnings(report)) print_now(fmt::format("speed columns: {}\n", reason));
    if (!report.missing.empty()) {
        std::string names;
        for (const auto& name : report.missing) names += (names.empty() ? "" : ", ") + name;
        print_now(fmt::format("still missing: {}\n", names));
    }
    if (report.configurations.size() > 1) {
        print_now(
            fmt::format("note: the records were graded under {} different grader configurations "
                        "(labs, stages, hidden sizes, limits or device class); regrade to make them one\n",
                        report.configurations.size()));
    }
}

ClassReport report_for(const std::vector<ClassStudent>& students, const fs::path& results_dir) {
    std::vector<std::pair<std::string, course::KernelSet>> named;
    for (const auto& s : students) named.emplace_back(s.name, s.kernels);
    return report_from_records(results_dir, named);
}

// The students of a slice, or every student.
std::vector<ClassStudent> chosen(const std::vector<ClassStudent>& students, const std::optional<StudentSlice>& slice) {
    if (!slice) return students;
    const auto names = read_student_list(slice->student_list);
    const std::size_t first = static_cast<std::size_t>(slice->index) * static_cast<std::size_t>(slice->per_task);
    std::set<std::string> wanted;
    for (std::size_t i = first; i < names.size() && i < first + static_cast<std::size_t>(slice->per_task); ++i) {
        wanted.insert(names[i]);
    }
    std::vector<ClassStudent> picked;
    for (const auto& s : students) {
        if (wanted.count(s.name) != 0) picked.push_back(s);
    }
    return picked;
}

}  // namespace

void require_results_outside_class(const ClassFiles& files) {
    std::error_code ec;
    const auto class_dir = fs::weakly_canonical(files.class_dir, ec);
    const auto results = fs::weakly_canonical(files.results_dir, ec);
    if (results.parent_path() == class_dir || results == class_dir) {
        throw course::UserError({"a records folder outside the class folder",
                                 "it is inside it, where it would "
                                 "count as a student",
                                 files.results_dir.string(),
                                 "leave out --results (the default is beside the class folder) or pick another"});
    }
}

fs::path default_results_dir(const fs::path& class_dir) {
    const auto absolute = fs::absolute(class_dir).lexically_normal();
    const auto dir = absolute.filename().empty() ? absolute.parent_path() : absolute;
    return dir.parent_path() / (class_name(dir) + "-labcheck-results");
}

std::vector<ClassStudent> class_students(const fs::path& class_dir, const std::vector<std::string>& lab_folders,
                                         const fs::path& course_root) {
    std::vector<ClassStudent> students;
    const std::string name = class_name(class_dir);
    for (const auto& folder : student_folders(class_dir)) {
        ClassStudent student;
        student.name = folder.filename().string();
        student.kernels = with_labs_layout({fs::absolute(folder), name + "/" + student.name}, lab_folders);
        if (!course_root.empty() && !graded_as_laid_out(student.kernels, course_root, lab_folders)) {
            auto staged = stage_upload(course_root, folder, name + "/" + student.name, lab_folders);
            student.kernels = std::move(staged.kernels);
            student.upload_notes = std::move(staged.notes);
        }
        student.submission_hash = submission_hash(student.kernels, lab_folders);
        students.push_back(std::move(student));
    }
    return students;
}

std::vector<std::string> students_to_grade(const std::vector<ClassStudent>& students, const fs::path& results_dir,
                                           const std::vector<std::string>& config_hashes) {
    std::vector<std::string> names;
    for (const auto& s : students) {
        const auto record = read_record(record_path(results_dir, s.name));
        const bool current = std::any_of(config_hashes.begin(), config_hashes.end(), [&](const std::string& config) {
            return record_state(record, s.submission_hash, config) == RecordState::current;
        });
        if (!current) names.push_back(s.name);
    }
    return names;
}

std::vector<std::string> read_student_list(const fs::path& file) {
    try {
        return nlohmann::json::parse(text_of(file)).get<std::vector<std::string>>();
    } catch (const std::exception& error) {
        throw course::UserError({"the list of students a Slurm task grades (a JSON array of names)", error.what(),
                                 file.string(), "submit the class again with --slurm"});
    }
}

namespace {

// Each lab's key for sharing one grading of identical files (shared_verdicts.hpp): the grader's
// configuration and the bytes of the lab's files, with those of the lab whose kernel it also runs
// (lab 07's [strassen] gemm_lab, when the course has no reference GEMM).
std::map<std::string, std::string> lab_keys(const course::KernelSet& kernels, const GradeSettings& settings,
                                            const std::string& config) {
    std::map<std::string, std::string> keys;
    for (const auto& folder : settings.lab_folders) {
        std::vector<std::string> read = {folder};
        const auto spec = course::load_lab(settings.root, folder, course::DeviceClass::cpu);
        if (const auto gemm = spec.setting<std::string>("strassen", "gemm_lab")) {
            try {
                read.push_back(course::find_lab_folder(settings.root, *gemm));
            } catch (const course::UserError&) {
                continue;  // a lab it names is missing: graded on its own
            }
        }
        // An upload's messages say how to reproduce them in the student's own copy (--uploaded): its
        // verdicts are shared only with other uploads.
        keys[folder] = config + "/" + folder + (kernels.staged_upload ? "/upload/" : "/folder/") +
                       submission_hash(kernels, read);
    }
    return keys;
}

void make_results_dir(const fs::path& results_dir) {
    std::error_code ec;
    fs::create_directories(results_dir, ec);
    if (ec) {
        throw course::UserError({"a folder for the students' records", ec.message(), results_dir.string(),
                                 "pass --results with a folder you can write"});
    }
}

// Each lane's settings with `jobs` children at a time for one student.
std::vector<GradeSettings> lane_settings(const std::vector<GradingLane>& lanes, int jobs) {
    std::vector<GradeSettings> each;
    for (const auto& lane : lanes) {
        each.push_back(lane.settings);
        each.back().jobs = jobs;
    }
    return each;
}

}  // namespace

int grade_class_with_records(const ClassFiles& files, const std::vector<GradingLane>& lanes, int jobs,
                             const std::optional<StudentSlice>& slice) {
    require_results_outside_class(files);
    const GradeSettings& settings = lanes.front().settings;  // the lanes differ in their device alone
    const auto everyone = class_students(files.class_dir, settings.lab_folders, files.course_root);
    const auto students = chosen(everyone, slice);
    const std::string config = config_hash(settings, lanes.front().runner->settings());
    make_results_dir(files.results_dir);
    const auto todo = students_to_grade(students, files.results_dir, {config});
    print_now(fmt::format("{} of {} students to grade ({} already graded); records in {}\n", todo.size(),
                          students.size(), students.size() - todo.size(), files.results_dir.string()));

    // Several students at a time, their children shared out among them; the students go to the
    // lanes (devices) in turn.
    const int at_once = std::max(1, std::min<int>(jobs, static_cast<int>(std::max<std::size_t>(todo.size(), 1))));
    const auto each = lane_settings(lanes, std::max(1, jobs / at_once));
    std::mutex print_mutex;
    std::atomic<int> worst{0};
    SharedVerdicts shared;  // identical lab files in this run are graded once
    std::vector<std::function<void()>> tasks;
    std::size_t turn = 0;
    for (const auto& s : students) {
        if (std::find(todo.begin(), todo.end(), s.name) == todo.end()) continue;
        tasks.push_back([&, s, lane = turn++ % lanes.size()] {
            if (stop_signal != 0) return;
            const LabSharing sharing{&shared, lab_keys(s.kernels, settings, config)};
            StudentRecord record{s.name, settings.lab_folders, s.submission_hash, config, graded_by(),
                                 grade_submission(s.kernels, each[lane], *lanes[lane].runner, &sharing)};
            record.report.upload_notes = s.upload_notes;
            if (!s.upload_notes.empty()) explain_unread_labs(s.kernels, s.upload_notes, record.report);
            if (stop_signal != 0) return;  // its children were killed: graded on the next run
            write_record(files.results_dir, record);
            std::lock_guard<std::mutex> lock(print_mutex);
            print_now(summary_line(s.name, record.report));
            worst = std::max(worst.load(), record.report.exit_status());
        });
    }
    {
        const StopOnSignal stop;
        run_parallel(tasks, at_once);
    }
    if (stop_signal != 0) {
        print_now(
            fmt::format("\nlabcheck: stopped by {}: the students being graded get no record; "
                        "run the same command again to go on\n",
                        signal_name(stop_signal)));
    }
    // A Slurm task: the collecting job writes the gradebook. A student's failed stage is no failure of the
    // task (sacct would show every task with a failing student as FAILED): 0 unless the grader failed.
    if (slice) return stop_signal != 0 ? 128 + stop_signal : worst.load() == 2 ? 2 : 0;
    const ClassReport report = report_for(everyone, files.results_dir);
    write_gradebook(files, report, settings.lab_folders);
    return stop_signal != 0 ? 128 + stop_signal : report.exit_status();
}

int collect_class(const ClassFiles& files, const std::vector<std::string>& lab_folders) {
    require_results_outside_class(files);
    std::error_code ec;
    if (!fs::is_directory(files.results_dir, ec)) {
        throw course::UserError({"a folder of per-student records written by labcheck --class", "it does not exist",
                                 files.results_dir.string(), "pass the folder given as --results when grading"});
    }
    const ClassReport report =
        report_for(class_students(files.class_dir, lab_folders, files.course_root), files.results_dir);
    write_gradebook(files, report, lab_folders);
    return report.exit_status();
}

}  // namespace labcheck
