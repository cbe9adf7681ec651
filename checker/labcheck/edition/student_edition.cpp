#include "edition/student_edition.hpp"

#include "edition/edition_text.hpp"

#include "util/committed_file.hpp"
#include "util/user_error.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <sstream>

namespace labcheck {

namespace fs = std::filesystem;

namespace {

// A Meson build folder (or any folder Meson configured) holds one of these.
bool is_build_folder(const fs::path& dir) {
    std::error_code ec;
    return fs::exists(dir / "meson-private", ec) || fs::exists(dir / "build.ninja", ec);
}

std::string read_text(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// The start of a file (4 KiB): enough for full_clone_only_file's first lines.
std::string start_of(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::string text(4096, '\0');
    in.read(text.data(), static_cast<std::streamsize>(text.size()));
    text.resize(static_cast<std::size_t>(in.gcount()));
    return text;
}

// A file that says it is the full clone's only (edition_text.hpp): a test whose kernels answer a lab.
bool marked_full_clone_only(const fs::path& path) {
    return path.extension() != ".md" && full_clone_only_file(start_of(path));
}

// A kernel file of a lab folder: the stub, which the edition takes as committed.
bool is_stub(const std::string& relative) {
    return relative.rfind("labs/", 0) == 0 && fs::path(relative).extension() == ".cl";
}

// Copies the stub `relative` as committed; notes it when the working copy differs (a solved kernel).
void copy_stub(const fs::path& root, const fs::path& to, const std::string& relative, EditionSummary& summary) {
    const auto committed = course::committed_text(root, relative);
    if (!committed) {
        fs::copy_file(root / relative, to, fs::copy_options::overwrite_existing);  // not a git checkout
        return;
    }
    if (*committed != read_text(root / relative)) summary.committed_stubs.push_back(relative);
    std::ofstream out(to, std::ios::binary);
    out << *committed;
    if (!out.flush()) throw fs::filesystem_error("the write failed", to, std::make_error_code(std::errc::io_error));
}

// Copies one file, changing what names things the edition lacks (edition_text.hpp).
void copy_file(const fs::path& from, const fs::path& to, const std::string& relative) {
    const bool markdown = from.extension() == ".md";
    if (!markdown && relative != "meson_options.txt") {
        fs::copy_file(from, to, fs::copy_options::overwrite_existing);
        return;
    }
    const std::string text = read_text(from);
    std::ofstream(to, std::ios::binary) << (markdown ? student_markdown(text, relative) : student_meson_options(text));
}

bool inside(const fs::path& path, const fs::path& folder) {
    const auto p = path.lexically_normal().string();
    const auto f = folder.lexically_normal().string();
    return p == f || (p.size() > f.size() && p.compare(0, f.size(), f) == 0 && p[f.size()] == '/');
}

// What the edition leaves out besides the instructor-only paths: what git ignores in the checkout.
struct Skipped {
    std::vector<std::string> ignored;  // relative paths, a folder's with a trailing '/'
    bool has(const std::string& relative, bool directory) const {
        const std::string key = directory ? relative + "/" : relative;
        return std::find(ignored.begin(), ignored.end(), key) != ignored.end();
    }
};

void copy_tree(const fs::path& from, const fs::path& to, const fs::path& root, const fs::path& target,
               const Skipped& skipped, EditionSummary& summary) {
    std::error_code ec;
    fs::create_directories(to, ec);
    if (ec) {
        throw course::UserError({"a folder the edition can be written to", ec.message(), to.string(),
                                 "check the permissions of the target folder"});
    }
    std::vector<fs::directory_entry> entries;
    for (const auto& entry : fs::directory_iterator(from)) entries.push_back(entry);
    std::sort(entries.begin(), entries.end());
    for (const auto& entry : entries) {
        const fs::path& path = entry.path();
        const std::string relative = path.lexically_relative(root).generic_string();
        const auto& stripped = instructor_only_paths();
        if (std::find(stripped.begin(), stripped.end(), relative) != stripped.end()) {
            summary.left_out.push_back(relative);
            continue;
        }
        if (path.filename() == ".git" || inside(path, target)) continue;
        if (skipped.has(relative, !entry.is_symlink() && entry.is_directory())) {
            summary.ignored.push_back(relative);
            continue;
        }
        if (entry.is_symlink()) {
            fs::copy_symlink(path, to / path.filename());
            ++summary.files;
        } else if (entry.is_directory()) {
            if (is_build_folder(path)) continue;
            copy_tree(path, to / path.filename(), root, target, skipped, summary);
        } else if (entry.is_regular_file() && marked_full_clone_only(path)) {
            summary.full_clone_only.push_back(relative);
        } else if (entry.is_regular_file() && is_stub(relative)) {
            copy_stub(root, to / path.filename(), relative, summary);
            ++summary.files;
        } else if (entry.is_regular_file()) {
            copy_file(path, to / path.filename(), relative);
            ++summary.files;
        }
    }
}

}  // namespace

const std::vector<std::string>& instructor_only_paths() {
    // kernels/reference/ holds a complete lab-06 GEMM (lab 07 is graded with it): a student could copy it
    // into lab 06. Without it, lab 07 multiplies with the student's own lab-06 kernel (strassen_gemm.hpp).
    // kernels/baselines/ holds the naive transpose and product the speedup stage times against: they
    // answer labs 01 and 03. Without them the speedup stage is not run (stages.hpp, speedup_baseline_not_here).
    static const std::vector<std::string> paths{"solutions", "checker/hidden.toml", "checker/mutants",
                                                "kernels/baselines", "kernels/reference"};
    return paths;
}

EditionSummary make_student_edition(const fs::path& root, const fs::path& target) {
    std::error_code ec;
    const fs::path source = fs::weakly_canonical(root, ec);
    const fs::path destination = fs::weakly_canonical(fs::absolute(target), ec);
    if (fs::exists(destination, ec) && (!fs::is_directory(destination, ec) || !fs::is_empty(destination, ec))) {
        throw course::UserError({"a new or empty folder for the student edition", "it exists and is not empty",
                                 target.string(), "pass a path that does not exist yet"});
    }
    if (inside(source, destination)) {
        throw course::UserError({"a target outside the course repository's own folders",
                                 "the course would be copied into itself", target.string(),
                                 "pass a folder outside the repository"});
    }
    EditionSummary summary;
    Skipped skipped;
    skipped.ignored = course::ignored_paths(source).value_or(std::vector<std::string>{});
    try {
        copy_tree(source, destination, source, destination, skipped, summary);
    } catch (const fs::filesystem_error& e) {
        throw course::UserError({"a complete copy of the course", e.what(), target.string(),
                                 "check the disk space and permissions, then remove the partial copy and retry"});
    }
    return summary;
}

}  // namespace labcheck
