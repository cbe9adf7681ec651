// Sources an instructor names so that matches against them read as what they are
// (`labcheck similarity --known NAME=PATH`): the reference solution, the stub, a
// solution that leaked, last year's class folder. PATH is one of
//   - a kernel file: a source of the lab whose kernel file has its name (only of
//     the lab its folder is named after, when that folder is named like a lab's);
//   - a folder laid out like labs/ (`04-matmul-tiled/matmul.cl`): one source per lab;
//   - any other folder: a class folder, one source per student ("NAME/alice").
#pragma once

#include "class_corpus.hpp"

#include <filesystem>
#include <string>
#include <vector>

namespace similarity {

struct KnownSource {
    std::string name;
    std::filesystem::path path;
};

enum class KnownKind { file, labs_folder, class_folder };

// "NAME=PATH". Throws course::UserError when there is no "=", the name is empty or PATH does not exist.
KnownSource parse_known_source(const std::string& spec);

// What PATH is, given every lab folder of the course (a folder holding one of them is a labs folder).
KnownKind known_kind(const KnownSource& source, const std::vector<std::string>& course_lab_folders);

// Whether a file source belongs to the lab `lab_folder` with kernel file `kernel_file`.
bool known_file_fits_lab(const std::filesystem::path& file, const std::string& lab_folder,
                         const std::string& kernel_file, const std::vector<std::string>& course_lab_folders);

// `lab_folder/kernel_file` of every member (folders laid out like labs/), read as a student's file is
// read. Members without the lab are skipped; one that cannot be read adds "NAME: why" to `notes`.
std::vector<KnownText> read_known_members(const std::vector<StudentFile>& members, const std::string& lab_folder,
                                          const std::string& kernel_file, std::vector<std::string>& notes);

// A file source, read safely; one that cannot be read adds "NAME: why" to `notes` and gives nothing.
std::vector<KnownText> read_known_file(const KnownSource& source, std::vector<std::string>& notes);

}  // namespace similarity
