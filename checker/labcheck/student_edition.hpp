// The student edition of the course: a copy of the repository without what
// only instructors may see — solutions/, the hidden sizes (checker/hidden.toml)
// and the checker's mutant kernels (some are complete solutions). Git data and
// build folders are not copied either.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace labcheck {

// Paths, relative to the course root, left out of the student edition.
const std::vector<std::string>& instructor_only_paths();

struct EditionSummary {
    std::size_t files = 0;              // files (and links) copied
    std::vector<std::string> left_out;  // instructor-only paths that existed and were left out
};

// Copies `root` to `target` (which must not exist, or be an empty folder).
// Throws course::UserError on a bad target or a failed copy.
EditionSummary make_student_edition(const std::filesystem::path& root, const std::filesystem::path& target);

}  // namespace labcheck
