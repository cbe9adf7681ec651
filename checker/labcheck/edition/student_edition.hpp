// The student edition of the course: a copy of the repository without what
// only instructors may see — solutions/, the hidden sizes (checker/hidden.toml),
// the checker's mutant kernels (some are complete solutions), and the kernels that
// answer a lab (kernels/reference/, kernels/baselines/, and the tests that embed such
// kernels, which mark themselves `// full clone only: ...`). Git data and build folders
// are not copied either. The stubs under labs/ are copied as committed
// (util/committed_file.hpp), so a solved working copy gives nothing away.
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
    std::vector<std::string> committed_stubs;  // stubs whose working copy differs: the committed one was copied
    std::vector<std::string> full_clone_only;  // files marked `// full clone only:` (edition_text.hpp), left out
    // What git ignores in a checkout (build folders, a device carry folder, editor files), left out:
    // an instructor's tree may hold ignored copies of the solutions.
    std::vector<std::string> ignored;
};

// Copies `root` to `target` (which must not exist, or be an empty folder).
// Throws course::UserError on a bad target or a failed copy.
EditionSummary make_student_edition(const std::filesystem::path& root, const std::filesystem::path& target);

}  // namespace labcheck
