// A private temporary folder for one labcheck run (job files, event files, the
// children's output), removed when the run ends.
#pragma once

#include <filesystem>

namespace labcheck {

class WorkDir {
public:
    // Creates $TMPDIR/labcheck-XXXXXX (or under /tmp). Throws course::UserError when it cannot.
    explicit WorkDir(bool keep = false);
    ~WorkDir();
    WorkDir(const WorkDir&) = delete;
    WorkDir& operator=(const WorkDir&) = delete;

    const std::filesystem::path& path() const { return path_; }

private:
    std::filesystem::path path_;
    bool keep_;
};

}  // namespace labcheck
