#include "class/class_uploads.hpp"

#include "runner/child_process.hpp"
#include "runner/work_dir.hpp"

#include "description/lab_spec.hpp"
#include "util/user_error.hpp"

#include <nlohmann/json.hpp>

#include <fmt/format.h>

#include <atomic>
#include <fstream>
#include <memory>
#include <mutex>
#include <sstream>

namespace labcheck {

namespace fs = std::filesystem;

namespace {

// The kernel file each lab asks for ("04-matmul-tiled/matmul.cl").
std::vector<std::string> lab_kernels(const fs::path& course_root, const std::vector<std::string>& lab_folders) {
    std::vector<std::string> kernels;
    for (const auto& folder : lab_folders) {
        kernels.push_back(folder + "/" + course::load_lab(course_root, folder, course::DeviceClass::cpu).kernel_file);
    }
    return kernels;
}

course::UserError staging_failed(const fs::path& folder, const std::string& happened) {
    return course::UserError({"the student's upload read by checker/gradescope/submission_mapping.py", happened,
                              folder.string(), "check that python3 runs and the course has checker/gradescope/"});
}

}  // namespace

const fs::path& staging_root() {
    static std::mutex mutex;
    static std::unique_ptr<WorkDir> dir;
    std::lock_guard<std::mutex> lock(mutex);
    if (!dir) dir = std::make_unique<WorkDir>();
    return dir->path();
}


bool graded_as_laid_out(const course::KernelSet& kernels, const fs::path& course_root,
                        const std::vector<std::string>& lab_folders) {
    bool laid_out = false;
    for (const auto& lab_kernel : lab_kernels(course_root, lab_folders)) {
        const fs::path folder = kernels.dir / fs::path(lab_kernel).parent_path();
        std::error_code ec;
        const fs::file_status status = fs::symlink_status(folder, ec);
        // A link with a lab folder's name, or in place of a kernel file, is read as an upload, so that
        // one rule holds in a class and on Gradescope: the link is never followed and is named in a
        // note, and another file of the upload can still be the lab's (submission_mapping.py's rule).
        if (fs::is_symlink(status) || fs::is_symlink(fs::symlink_status(kernels.dir / lab_kernel, ec))) return false;
        // Any other entry with a lab folder's name (a folder, or a file standing in for one) is a
        // labs/ layout, so that labcheck's own message says what is wrong with it...
        if (fs::exists(status)) laid_out = true;
        // ...unless a real lab folder holds something but not the kernel's exact name ("Matmul.cl",
        // "matmul (1).cl", a .cl file of another name): read as an upload, as Gradescope reads it,
        // near-miss names mapped. An empty lab folder keeps labcheck's "does not exist".
        const bool holds_other_entries = fs::is_directory(status) && !fs::is_empty(folder, ec);
        if (holds_other_entries && !fs::exists(fs::symlink_status(kernels.dir / lab_kernel, ec))) return false;
    }
    return laid_out;
}

std::vector<std::string> read_upload_notes(const fs::path& file) {
    std::ifstream in(file);
    std::ostringstream text;
    text << in.rdbuf();
    try {
        return nlohmann::json::parse(text.str()).at("notes").get<std::vector<std::string>>();
    } catch (const std::exception& error) {
        throw course::UserError({"the notes submission_mapping.py printed ({\"notes\": [...]})", error.what(),
                                 file.string(), "pass the file its standard output was written to"});
    }
}

StagedUpload stage_upload(const fs::path& course_root, const fs::path& folder, const std::string& display,
                          const std::vector<std::string>& lab_folders) {
    static std::atomic<int> count{0};
    const fs::path work = staging_root() / fmt::format("upload-{}", count++);
    fs::create_directories(work);
    ChildCommand command;
    command.argv = {"python3", (course_root / "checker/gradescope/submission_mapping.py").string(),
                    fs::absolute(folder).string(), (work / "staged").string(), (work / "unzipped").string()};
    for (const auto& kernel : lab_kernels(course_root, lab_folders)) command.argv.push_back(kernel);
    command.output_file = work / "notes.json";
    ChildLimits limits;
    limits.wall_seconds = 120.0;  // a few zips of at most 64 MiB each
    const ChildOutcome outcome = run_child(command, limits);
    if (outcome.end != ChildEnd::exited || outcome.exit_code != 0) {
        throw staging_failed(folder, outcome.start_error.empty() ? fmt::format("it ended with status {}", outcome.exit_code)
                                                                 : outcome.start_error);
    }
    StagedUpload staged;
    try {
        staged.notes = read_upload_notes(command.output_file);
    } catch (const course::UserError&) {
        throw staging_failed(folder, "its answer could not be read (" + command.output_file.string() + ")");
    }
    staged.kernels = {work / "staged", display, course::KernelSetKind::other};
    staged.kernels.staged_upload = true;
    return staged;
}

void explain_unread_labs(const course::KernelSet& staged, const std::vector<std::string>& notes,
                         SubmissionReport& report) {
    for (auto& r : report.results) {
        std::error_code ec;
        if (fs::is_regular_file(staged.dir / r.lab_folder / fs::path(r.file).filename(), ec)) continue;
        std::string details;
        for (const auto& note : notes) {
            if (note.rfind("Lab " + r.lab_folder + ":", 0) == 0) details += note + "\n";
        }
        if (details.empty()) {
            for (const auto& note : notes) details += note.rfind("Lab ", 0) == 0 ? std::string() : note + "\n";
        }
        r.upload_not_read = true;
        r.file = r.lab_folder + "/" + fs::path(r.file).filename().string();  // as the upload names it: no path here
        r.reason = "not graded: nothing of this lab was read from the upload";
        r.details = "Not graded: nothing of this lab was read from your upload.\n" + details;
    }
}

}  // namespace labcheck
