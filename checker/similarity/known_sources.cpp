#include "known_sources.hpp"

#include "harness/kernel_source.hpp"
#include "util/user_error.hpp"

#include <algorithm>
#include <exception>

namespace similarity {

namespace fs = std::filesystem;

KnownSource parse_known_source(const std::string& spec) {
    const auto equals = spec.find('=');
    const std::string name = equals == std::string::npos ? std::string() : spec.substr(0, equals);
    if (name.empty() || equals + 1 >= spec.size())
        throw course::UserError({"a known source as NAME=PATH (e.g. reference=solutions/04-matmul-tiled/matmul.cl)",
                                 "\"" + spec + "\"", "--known",
                                 "name the source, then '=', then its file or folder"});
    const fs::path path = spec.substr(equals + 1);
    std::error_code ec;
    if (!fs::exists(path, ec))
        throw course::UserError({"an existing kernel file, labs-like folder or class folder", "nothing at this path",
                                 "--known " + name + "=" + path.string(), "check the path (relative to this folder)"});
    return {name, path};
}

KnownKind known_kind(const KnownSource& source, const std::vector<std::string>& course_lab_folders) {
    std::error_code ec;
    if (!fs::is_directory(source.path, ec)) return KnownKind::file;
    for (const std::string& folder : course_lab_folders)
        if (fs::is_directory(source.path / folder, ec)) return KnownKind::labs_folder;
    return KnownKind::class_folder;
}

bool known_file_fits_lab(const fs::path& file, const std::string& lab_folder, const std::string& kernel_file,
                         const std::vector<std::string>& course_lab_folders) {
    if (file.filename() != kernel_file) return false;
    const std::string parent = fs::absolute(file).parent_path().filename().string();
    const bool parent_is_a_lab =
        std::find(course_lab_folders.begin(), course_lab_folders.end(), parent) != course_lab_folders.end();
    return !parent_is_a_lab || parent == lab_folder;
}

std::vector<KnownText> read_known_members(const std::vector<StudentFile>& members, const std::string& lab_folder,
                                          const std::string& kernel_file, std::vector<std::string>& notes) {
    std::vector<KnownText> texts;
    const fs::path inside = fs::path(lab_folder) / kernel_file;
    for (const StudentFile& member : members) {
        std::error_code ec;
        if (!fs::exists(fs::symlink_status(member.base / inside, ec))) continue;
        const std::string display = member.display_base + "/" + inside.generic_string();
        try {
            texts.push_back({member.student, display, course::read_kernel_source(member.base, inside, display).text});
        } catch (const std::exception& error) {
            notes.push_back("known source " + member.student + ": " + error.what());
        }
    }
    return texts;
}

std::vector<KnownText> read_known_file(const KnownSource& source, std::vector<std::string>& notes) {
    try {
        const std::string display = source.path.generic_string();
        return {{source.name, display, course::read_kernel_source(source.path, display).text}};
    } catch (const std::exception& error) {
        notes.push_back("known source " + source.name + ": " + error.what());
        return {};
    }
}

}  // namespace similarity
