#include "edition/package_gradescope.hpp"

#include "edition/zip_writer.hpp"
#include "stages/stage_result.hpp"

#include "util/atomic_file.hpp"
#include "util/user_error.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <sstream>

namespace labcheck {

namespace fs = std::filesystem;

namespace {

// Gradescope copies these two to the image's /autograder and runs them from there.
const fs::path kScripts = "checker/gradescope";

bool is_build_folder(const fs::path& dir) {
    std::error_code ec;
    return fs::exists(dir / "meson-private", ec) || fs::exists(dir / "build.ninja", ec);
}

std::string read_bytes(const fs::path& file) {
    std::ifstream in(file, std::ios::binary);
    if (!in) {
        throw course::UserError({"a readable course file", "it could not be opened", file.string(),
                                 "check the permissions of the course folder"});
    }
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

unsigned mode_of(const fs::path& file) {
    const auto perms = fs::status(file).permissions();
    return (perms & fs::perms::owner_exec) != fs::perms::none ? 0755u : 0644u;
}

// Every course file under `dir`, sorted, as paths relative to `root`: no hidden files, links,
// build folders or left-out paths.
void collect(const fs::path& dir, const fs::path& root, std::vector<fs::path>& files, GradescopePackage& summary) {
    std::vector<fs::directory_entry> entries{fs::directory_iterator(dir), fs::directory_iterator()};
    std::sort(entries.begin(), entries.end());
    const auto& left_out = gradescope_left_out_paths();
    for (const auto& entry : entries) {
        const fs::path relative = entry.path().lexically_relative(root);
        if (std::find(left_out.begin(), left_out.end(), relative.generic_string()) != left_out.end()) {
            summary.left_out.push_back(relative.generic_string());
            continue;
        }
        if (relative.filename().string().front() == '.' || entry.is_symlink()) continue;
        if (entry.is_directory()) {
            if (!is_build_folder(entry.path())) collect(entry.path(), root, files, summary);
        } else if (entry.is_regular_file()) {
            files.push_back(relative);
        }
    }
}

}  // namespace

const std::vector<std::string>& gradescope_left_out_paths() {
    // hidden.toml and kernels/reference/ stay: the grader needs them, and students never see the image.
    static const std::vector<std::string> paths{"solutions", "checker/mutants", "slides", "docs"};
    return paths;
}

std::string gradescope_conf(const std::vector<PackagedLab>& labs, const std::vector<std::string>& visibility) {
    std::string conf =
        "# The labs run_autograder grades and the kernel file of each (written by `labcheck package gradescope`),\n"
        "# and the visibility of a stage's tests where it is not \"visible\".\n";
    for (const auto& lab : labs) conf += "lab = " + lab.folder + "/" + lab.kernel_file + "\n";
    for (const auto& setting : visibility) conf += "visibility = " + setting + "\n";
    return conf;
}

std::string test_visibility_error(const std::string& setting) {
    const auto equals = setting.find('=');
    const std::string stage = setting.substr(0, equals);
    const std::string value = equals == std::string::npos ? std::string() : setting.substr(equals + 1);
    if (!stage_from_name(stage)) {
        return fmt::format("\"{}\": expected STAGE=VISIBILITY with STAGE build, correctness, barriers or speedup", setting);
    }
    for (const char* known : {"visible", "hidden", "after_due_date", "after_published"}) {
        if (value == known) return {};
    }
    return fmt::format("\"{}\": the visibility is one of visible, hidden, after_due_date, after_published", setting);
}

GradescopePackage write_gradescope_package(const fs::path& root, const std::vector<PackagedLab>& labs,
                                           const std::vector<std::string>& visibility, const fs::path& zip_file) {
    for (const char* script : {"setup.sh", "run_autograder"}) {
        if (!fs::is_regular_file(root / kScripts / script)) {
            throw course::UserError({"the Gradescope scripts of the course", "a script is missing",
                                     (root / kScripts / script).string(), "package from a complete course repository"});
        }
    }
    GradescopePackage summary;
    std::vector<fs::path> files;
    collect(root, root, files, summary);
    ZipWriter zip;
    zip.add_file("setup.sh", read_bytes(root / kScripts / "setup.sh"), 0755);
    zip.add_file("run_autograder", read_bytes(root / kScripts / "run_autograder"), 0755);
    zip.add_file("gradescope.conf", gradescope_conf(labs, visibility), 0644);
    for (const auto& file : files) {
        zip.add_file(file.generic_string(), read_bytes(root / file), mode_of(root / file));
    }
    const std::string archive = zip.finish();
    course::write_file_atomically(zip_file, archive);
    summary.files = zip.files();
    summary.bytes = archive.size();
    return summary;
}

}  // namespace labcheck
