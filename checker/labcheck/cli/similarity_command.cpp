#include "cli/similarity_command.hpp"

#include "class/class_grading.hpp"
#include "class/class_jobs.hpp"
#include "stages/submission_grading.hpp"

#include "known_sources.hpp"
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

// Every student's folder read as `labcheck --class` reads it: a folder laid out like labs/ as it is,
// an upload (a zip, a near-miss name, a stray file) through the same mapping as Gradescope, so that
// a copy hidden in a zip or misnamed is compared like any other.
std::vector<similarity::StudentFile> class_students(const std::filesystem::path& class_dir,
                                                    const std::vector<std::string>& lab_folders,
                                                    const std::filesystem::path& course_root) {
    std::vector<similarity::StudentFile> students;
    for (const ClassStudent& student : labcheck::class_students(class_dir, lab_folders, course_root)) {
        students.push_back({student.name, student.kernels.dir, student.kernels.display_dir});
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

// A known source as the folders it offers: itself (laid out like labs/), or each student of a class
// folder read as --class reads one ("NAME/alice"); a file offers none.
struct KnownFolders {
    similarity::KnownSource source;
    similarity::KnownKind kind;
    std::vector<similarity::StudentFile> members;
};

std::vector<KnownFolders> known_folders(const std::vector<std::string>& specs,
                                        const std::vector<std::string>& course_folders,
                                        const std::vector<std::string>& lab_folders,
                                        const std::filesystem::path& course_root) {
    std::vector<KnownFolders> sources;
    for (const std::string& spec : specs) {
        KnownFolders known{similarity::parse_known_source(spec), {}, {}};
        known.kind = similarity::known_kind(known.source, course_folders);
        if (known.kind == similarity::KnownKind::labs_folder)
            known.members.push_back({known.source.name, std::filesystem::absolute(known.source.path),
                                     known.source.path.generic_string()});
        if (known.kind == similarity::KnownKind::class_folder)
            for (similarity::StudentFile member : class_students(known.source.path, lab_folders, course_root)) {
                member.student = known.source.name + "/" + member.student;
                known.members.push_back(member);
            }
        sources.push_back(known);
    }
    return sources;
}

std::vector<similarity::KnownText> known_texts(const std::vector<KnownFolders>& sources, const std::string& folder,
                                               const std::string& kernel_file,
                                               const std::vector<std::string>& course_folders,
                                               std::vector<std::string>& notes) {
    std::vector<similarity::KnownText> texts;
    for (const KnownFolders& known : sources) {
        std::vector<similarity::KnownText> more;
        if (known.kind != similarity::KnownKind::file)
            more = similarity::read_known_members(known.members, folder, kernel_file, notes);
        else if (similarity::known_file_fits_lab(known.source.path, folder, kernel_file, course_folders))
            more = similarity::read_known_file(known.source, notes);
        texts.insert(texts.end(), more.begin(), more.end());
    }
    return texts;
}

struct CourseLabs {
    std::filesystem::path root;
    std::vector<std::string> all;       // every lab folder of the course
    std::vector<std::string> selected;  // those compared
};

similarity::LabSimilarity compare_lab(const CourseLabs& course, const std::string& folder,
                                      const std::vector<similarity::StudentFile>& students,
                                      const std::vector<KnownFolders>& known, const SimilarityOptions& options) {
    const course::LabSpec spec = course::load_lab(course.root, folder, course::DeviceClass::cpu);
    std::vector<std::string> notes;
    const auto texts = known_texts(known, folder, spec.kernel_file, course.all, notes);
    similarity::LabSimilarity lab;
    lab.corpus = similarity::read_lab_corpus(folder, spec.kernel_file, students,
                                             stub_text(course.root, folder, spec.kernel_file), options.corpus, texts);
    lab.corpus.not_compared.insert(lab.corpus.not_compared.end(), notes.begin(), notes.end());
    lab.pairs = similarity::rank_pairs(lab.corpus.files, options.corpus.winnow);
    lab.known_matches = similarity::rank_known_matches(lab.corpus.files, lab.corpus.known, options.corpus.winnow);
    const double line = options.min_score >= 0 ? options.min_score : similarity::default_line(lab.corpus.files.size());
    similarity::flag_pairs(lab, line, options.max_flagged_share, options.min_code);
    return lab;
}

// A known source that offers no file to any compared lab is a mistake the instructor should hear of.
void warn_unused_known(const std::vector<similarity::LabSimilarity>& labs, const std::vector<KnownFolders>& known) {
    for (const KnownFolders& source : known) {
        bool used = false;
        for (const auto& lab : labs)
            for (const auto& file : lab.corpus.known)
                used = used || file.student == source.source.name ||
                       file.student.rfind(source.source.name + "/", 0) == 0;
        if (!used)
            fmt::print(stderr,
                       "labcheck similarity: --known {}={}: no kernel file of the compared labs found there "
                       "(expected a file named like the lab's kernel, a folder with NN-name/<kernel file>, or a "
                       "class folder of such folders); it was not compared\n",
                       course::printable_text(source.source.name), course::printable_text(source.source.path.string()));
    }
}

// The index at --html, the cluster pages in the folder beside it named after it ("report-pages/" for
// report.html). Pages of an earlier run are removed first, so that none outlives its cluster.
void write_html(const std::vector<similarity::LabSimilarity>& labs, const SimilarityOptions& options) {
    const std::filesystem::path index = options.html_file;
    similarity::HtmlSettings settings{options.max_listed,
                                      index.stem().string() + "-pages", index.filename().string(), options.corpus};
    const std::filesystem::path pages = index.parent_path() / settings.pages_folder;
    const similarity::HtmlReport report = similarity::similarity_html(labs, settings);
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator(pages, ec))
        if (entry.path().filename().string().find("-cluster-") != std::string::npos) std::filesystem::remove(entry.path(), ec);
    std::filesystem::create_directories(pages, ec);
    if (ec) throw course::UserError({"a folder for the cluster pages", ec.message(), pages.string(),
                                     "check that the folder of --html can be written to"});
    for (const similarity::HtmlPage& page : report.pages) course::write_file_atomically(pages / page.file_name, page.html);
    course::write_file_atomically(options.html_file, report.index);
    fmt::print("index: {} (each student's highest match, the clusters); a page per cluster in {}\n",
               options.html_file, pages.string());
}

int run_similarity(const SimilarityOptions& options) {
    CourseLabs course{course::course_root(options.root), {}, {}};
    course.all = course::lab_folders(course.root);
    for (const auto& lab : options.labs) course.selected.push_back(course::find_lab_folder(course.root, lab));
    if (options.labs.empty()) course.selected = course.all;
    const auto students = class_students(options.class_dir, course.selected, course.root);
    const auto known = known_folders(options.known, course.all, course.selected, course.root);

    std::vector<similarity::LabSimilarity> labs;
    for (const auto& folder : course.selected) labs.push_back(compare_lab(course, folder, students, known, options));
    warn_unused_known(labs, known);
    fmt::print("{}", course::printable_text(similarity::similarity_summary(labs, options.top)));
    course::write_file_atomically(options.csv_file, similarity::similarity_csv(labs));
    fmt::print("\nevery pair, ranked: {}\n", options.csv_file);
    if (!options.html_file.empty()) write_html(labs, options);
    return 0;
}

// The flag rule (similarity_report.hpp, FlagRule): the line, and when a lab flags nothing.
void add_flag_options(CLI::App& app, SimilarityOptions& options) {
    app.add_option("--min-score", options.min_score,
                   "the flag line: pairs from this score are flagged, join clusters and are shown side by side in "
                   "the HTML (0..1; default: 0.8 for a lab of up to 50 files, 0.9 from 300, in between by the "
                   "logarithm of the number of pairs)")
        ->check(CLI::Range(0.0, 1.0));
    app.add_option("--max-flagged-share", options.max_flagged_share,
                   "flag nothing in a lab where more than this share of the independent submissions have a match "
                   "from --min-score: its code is alike by nature, not copied (0..1)")
        ->capture_default_str()->check(CLI::Range(0.0, 1.0));
    app.add_option("--min-code", options.min_code,
                   "flag nothing in a lab whose median file holds fewer tokens of code beyond the stub than this "
                   "(about ten a line): a few lines written alike are no evidence")
        ->capture_default_str()->check(CLI::Range(0, 100000));
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
    app.add_option("--html", options.html_file,
                   "an index page (per lab: the clusters of flagged pairs, each student's highest match) and, in a "
                   "folder beside it, a page per cluster with its pairs' regions side by side");
    app.add_option("--root", options.root, "the course repository (default: LAB_ROOT, else the source tree)");
    app.add_option("--known", options.known,
                   "NAME=PATH: a known source every file is compared with, shown as such: a kernel file (the "
                   "reference solution, the stub), a folder laid out like labs/, or last year's class folder "
                   "(repeat for several)");
    add_flag_options(app, options);
    app.add_option("--max-listed", options.max_listed,
                   "clusters per lab on the HTML index and pairs per cluster page (the rest: the CSV)")
        ->capture_default_str()->check(CLI::Range(1, 100000));
    app.add_option("--top", options.top, "pairs per lab in the printed summary")->capture_default_str();
    app.add_option("--k", options.corpus.winnow.k, "tokens per fingerprinted run")->capture_default_str()
        ->check(CLI::Range(4, 64));
    app.add_option("--window", options.corpus.winnow.w, "winnowing window")->capture_default_str()
        ->check(CLI::Range(1, 64));
    app.add_option("--max-share", options.corpus.max_share,
                   "do not count what more than this share of the class's independent submissions holds (0..1)")
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
