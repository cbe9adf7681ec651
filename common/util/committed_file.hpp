// The course's files as committed, not as edited: students solve the stubs under labs/ in
// their working copy (and sometimes commit them). What must be the course's own stub (the
// student edition, the tests that check a stub is still an exercise) reads the commit
// through git when the course is a git checkout, and the working copy otherwise.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace course {

// The text of `relative` (a path under `root`, "labs/01-transpose-naive/transpose.cl") at the
// commit checked out (HEAD), from `git -C root cat-file blob HEAD:./relative`; nothing when `root`
// is not a git checkout, git is not installed, or the file is not committed.
std::optional<std::string> committed_text(const std::filesystem::path& root, const std::string& relative);

// The paths under `root` that git ignores (.gitignore, .git/info/exclude, the user's excludes),
// relative to root, a folder's with a trailing '/' ("build/", ".carry/", "notes.swp"), from `git -C
// root ls-files --others --ignored --exclude-standard --directory`; nothing when `root` is not a git
// checkout or git is not installed.
std::optional<std::vector<std::string>> ignored_paths(const std::filesystem::path& root);

// One stub kernel, as write_committed_stubs found it.
struct StubFile {
    std::string relative;    // "labs/01-transpose-naive/transpose.cl"
    bool committed = false;  // read from HEAD; false: the working copy (no git checkout, or not committed)
    bool edited = false;     // committed, and the working copy differs from the commit
};

// Every kernel file (*.cl) of every lab folder under root/labs/, as committed (committed_text),
// else as in the working copy, written to target/NN-name/FILE: a folder laid out like labs/.
// Throws UserError when `target` cannot be written.
std::vector<StubFile> write_committed_stubs(const std::filesystem::path& root, const std::filesystem::path& target);

}  // namespace course
