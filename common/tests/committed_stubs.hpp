// For the tests that need the course's stubs (a stub builds, runs and is still wrong): the
// stubs as committed (util/committed_file.hpp), written once per test program to a folder
// laid out like labs/, so a student's solved kernels in the working copy change nothing.
//
// When the committed stub itself is right, the student committed their solved kernels:
// the stub checks have no stub to check and say they are skipped. With
// COURSE_STUBS=strict in the environment (.ci/run sets it) a right stub is a failure
// instead: in the course's own repository a stub that passes gives the answer away.
#pragma once

#include "util/committed_file.hpp"

#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <string>

#include <unistd.h>

namespace course_tests {

class CommittedStubs {
public:
    explicit CommittedStubs(const std::filesystem::path& root)
        : dir_(std::filesystem::temp_directory_path() / ("course-stubs-" + std::to_string(getpid()))) {
        std::filesystem::remove_all(dir_);
        files_ = course::write_committed_stubs(root, dir_);
    }
    ~CommittedStubs() {
        std::error_code ec;
        std::filesystem::remove_all(dir_, ec);
    }
    CommittedStubs(const CommittedStubs&) = delete;
    CommittedStubs& operator=(const CommittedStubs&) = delete;

    // The folder laid out like labs/: a submission folder, or a kernel set.
    const std::filesystem::path& dir() const { return dir_; }
    const std::vector<course::StubFile>& files() const { return files_; }

    // Where the stub of `lab_folder` came from, in words: "labs/01-transpose-naive/transpose.cl as
    // committed", or "... in the working copy (not a git checkout)".
    std::string origin(const std::string& lab_folder) const {
        std::string text;
        for (const auto& file : files_) {
            if (file.relative.rfind("labs/" + lab_folder + "/", 0) != 0) continue;
            text += (text.empty() ? "" : ", ") + file.relative;
            text += file.committed ? " as committed" : " in the working copy (not committed here)";
        }
        return text.empty() ? "labs/" + lab_folder + " (no kernel file)" : text;
    }

private:
    std::filesystem::path dir_;
    std::vector<course::StubFile> files_;
};

// The course's stubs under `root`, written on the first call.
inline const CommittedStubs& committed_stubs(const std::filesystem::path& root) {
    static const CommittedStubs stubs(root);
    return stubs;
}

// COURSE_STUBS=strict: a stub that is right fails the test instead of skipping it.
inline bool stubs_strict() {
    const char* value = std::getenv("COURSE_STUBS");
    return value != nullptr && std::string(value) == "strict";
}

// What a test says when the stub of `lab_folder` turns out right and it is not strict.
inline std::string solved_stub_skipped(const CommittedStubs& stubs, const std::string& lab_folder) {
    return "skipped: " + stubs.origin(lab_folder) +
           " is right, so this tree holds solved kernels, not the course's stub, and the check that the stub "
           "is still an exercise has nothing to check (COURSE_STUBS=strict, as CI runs, makes this a failure)";
}

// For a test that found the stub of `lab_folder` wrong (`wrong`) or right: true when wrong; when right,
// a failure with COURSE_STUBS=strict, else a message that the rest of the check is skipped.
inline bool stub_is_wrong(const CommittedStubs& stubs, const std::string& lab_folder, bool wrong) {
    if (wrong) return true;
    if (stubs_strict()) {
        FAIL_CHECK("the stub " << stubs.origin(lab_folder) << " is right: its TODOs are already solved");
    } else {
        MESSAGE(solved_stub_skipped(stubs, lab_folder));
    }
    return false;
}

}  // namespace course_tests
