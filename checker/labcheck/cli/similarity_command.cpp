#include "cli/similarity_command.hpp"

#include "class/class_grading.hpp"
#include "stages/submission_grading.hpp"

#include "similarity_report.hpp"

#include "description/lab_spec.hpp"
#include "harness/kernel_source.hpp"
#include "util/atomic_file.hpp"
#include "util/committed_file.hpp"
#include "util/course_root.hpp"
#include "util/text_escape.hpp"
#include "util/user_error.hpp"

#include <fmt/format.h>

namespace labcheck {

namespace {

std::vector<similarity::StudentFile> class_students(const std::filesystem::path& class_dir,
                                                    const std::vector<std::string>& lab_folders) {
    const std::string class_name =
        class_dir.filename().empty() ? class_dir.parent_path().filename().string() : class_dir.filename().string();
    std::vector<similarity::StudentFile> students;
    for (const auto& folder : student_folders(class_dir)) {
        const std::string student = folder.filename().string();
        const course::KernelSet kernels =
            with_labs_layout({std::filesystem::absolute(folder), class_name + "/" + student}, lab_folders);
        students.push_back({student, kernels.dir, kernels.display_dir});
    }
    return students;
}

// The lab's stub from the course's labs/, when it can be read: what every student starts from. As
// committed (an instructor's solved working copy is no stub: subtracting it would hide a copied answer).
std::optional<std::string> stub_text(const std::filesystem::path& root, const std::string& folder,
                                     const std::string& kernel_file) {
    if (auto committed = course::committed_text(root, "labs/" + folder + "/" + kernel_file)) return committed;
    try {
        return course::read_kernel_source(root / "labs", std::filesystem::path(folder) / kernel_file, "stub").text;
    } catch (const std::exception&) {
        return std::nullopt;
    }
}

similarity::LabSimilarity compare_lab(const std::filesystem::path& root, const std::string& folder,
                                      const std::vector<similarity::StudentFile>& students,
                                      const SimilarityOptions& options) {
    const course::LabSpec spec = course::load_lab(root, folder, course::DeviceClass::cpu);
    similarity::LabSimilarity lab{similarity::read_lab_corpus(folder, spec.kernel_file, students,
                                                              stub_text(root, folder, spec.kernel_file), options.corpus),
                                  {}};
    lab.pairs = similarity::rank_pairs(lab.corpus.files, options.corpus.winnow);
    return lab;
}

int run_similarity(const SimilarityOptions& options) {
    const std::filesystem::path root = course::course_root(options.root);
    std::vector<std::string> folders;
    for (const auto& lab : options.labs) folders.push_back(course::find_lab_folder(root, lab));
    if (options.labs.empty()) folders = course::lab_folders(root);
    const auto students = class_students(options.class_dir, folders);

    std::vector<similarity::LabSimilarity> labs;
    for (const auto& folder : folders) labs.push_back(compare_lab(root, folder, students, options));
    fmt::print("{}", course::printable_text(similarity::similarity_summary(labs, options.top)));
    course::write_file_atomically(options.csv_file, similarity::similarity_csv(labs));
    fmt::print("\nevery pair, ranked: {}\n", options.csv_file);
    if (!options.html_file.empty()) {
        course::write_file_atomically(options.html_file,
                                      similarity::similarity_html(labs, options.min_score, options.max_pairs));
        fmt::print("side-by-side report: {}\n", options.html_file);
    }
    return 0;
}

}  // namespace

void add_similarity_command(CLI::App& parent, SimilarityOptions& options) {
    CLI::App& app = *parent.add_subcommand(
        "similarity", "rank every pair of a class's submissions per lab by shared code "
                      "(token fingerprints, identifiers and literals normalised; runs locally)");
    options.command = &app;
    app.add_option("--class", options.class_dir, "folder with one submission folder per student")->required();
    app.add_option("--lab", options.labs, "lab to compare, e.g. 04 (repeat for several; default: every lab)");
    app.add_option("--csv", options.csv_file, "every pair, ranked")->capture_default_str();
    app.add_option("--html", options.html_file, "a page with the matching regions of the top pairs side by side");
    app.add_option("--root", options.root, "the course repository (default: LAB_ROOT, else the source tree)");
    app.add_option("--min-score", options.min_score, "pairs shown side by side in the HTML from this score (0..1)")
        ->capture_default_str()->check(CLI::Range(0.0, 1.0));
    app.add_option("--max-pairs", options.max_pairs, "at most this many pairs per lab side by side")->capture_default_str();
    app.add_option("--top", options.top, "pairs per lab in the printed summary")->capture_default_str();
    app.add_option("--k", options.corpus.winnow.k, "tokens per fingerprinted run")->capture_default_str()
        ->check(CLI::Range(4, 64));
    app.add_option("--window", options.corpus.winnow.w, "winnowing window")->capture_default_str()
        ->check(CLI::Range(1, 64));
    app.add_option("--max-share", options.corpus.max_share,
                   "leave out what more than this share of the class has in common (0..1)")
        ->capture_default_str()->check(CLI::Range(0.0, 1.0));
}

int run_similarity_command(const SimilarityOptions& options) {
    try {
        return run_similarity(options);
    } catch (const course::UserError& error) {
        fmt::print(stderr, "labcheck similarity: {}\n", course::printable_text(error.what()));
        return 2;
    }
}

}  // namespace labcheck
