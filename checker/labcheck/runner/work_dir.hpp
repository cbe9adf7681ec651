// A private temporary folder for one labcheck run (one folder per job inside: job, event and
// output files, and the child's working folder), removed when the run ends.
//
// Its name says whose it is: $TMPDIR/labcheck-<pid>-XXXXXX. A run that was killed (SIGKILL, a
// power cut) leaves its folder behind; the next run removes every labcheck-<pid>-* folder of
// this user whose process no longer runs. SIGINT, SIGTERM and SIGHUP kill the running children
// and remove the folder before labcheck exits (remove_on_signal).
#pragma once

#include <filesystem>

namespace labcheck {

class WorkDir {
public:
    // Removes leftovers of dead runs, then creates $TMPDIR/labcheck-<pid>-XXXXXX (or under /tmp).
    // Throws course::UserError when it cannot.
    explicit WorkDir(bool keep = false);
    ~WorkDir();
    WorkDir(const WorkDir&) = delete;
    WorkDir& operator=(const WorkDir&) = delete;

    const std::filesystem::path& path() const { return path_; }

    // From now on SIGINT, SIGTERM and SIGHUP kill the running children, remove this folder and
    // end labcheck with the signal's usual status. Only one WorkDir may do this at a time.
    void remove_on_signal();

private:
    std::filesystem::path path_;
    bool keep_;
};

// The temporary root labcheck uses: $TMPDIR, else /tmp.
std::filesystem::path temporary_root();

// Removes the labcheck-<pid>-* folders under `root` that belong to this user and whose process
// is gone. Returns how many were removed.
int remove_dead_work_dirs(const std::filesystem::path& root);

}  // namespace labcheck
