// One line on stderr that rewrites itself, when stderr is a terminal (nothing otherwise, so that
// logs and tests see only the results).
#pragma once

#include <fmt/format.h>

#include <string>

#include <unistd.h>

namespace course {

class ProgressLine {
public:
    ProgressLine() : live_(isatty(STDERR_FILENO) != 0) {}
    void show(const std::string& text) const {
        if (live_) fmt::print(stderr, "\r\033[K{}", text);
    }
    ~ProgressLine() {
        if (live_) fmt::print(stderr, "\r\033[K");
    }
    ProgressLine(const ProgressLine&) = delete;
    ProgressLine& operator=(const ProgressLine&) = delete;

private:
    bool live_;
};

}  // namespace course
