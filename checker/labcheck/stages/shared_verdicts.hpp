// A class hands in many identical files. A lab whose files (and the files it reads from
// other labs) are byte for byte those of a lab already graded in the same class run, under
// the same settings, is graded once: the later submissions share its verdicts, with their
// own paths in the messages, and each record names the submission that was graded
// (`shared_from`). Students graded at the same time wait for the one grading.
#pragma once

#include "stages/stage_result.hpp"

#include <exception>
#include <future>
#include <map>
#include <mutex>
#include <string>
#include <vector>

namespace labcheck {

// What one grading of a lab's files gave: its results and the submission it named in them.
struct GradedLab {
    std::string display_dir;  // the graded submission's folder as messages name it, "class/alice"
    std::vector<StageResult> results;
    bool failed = false;  // the grading stopped before it had results (the grader's own failure)
};

class SharedVerdicts {
public:
    // The first caller for `key` grades it (`mine` true) and must publish or abandon it; every
    // later caller gets the grading to wait for.
    struct Claim {
        bool mine = false;
        std::shared_future<GradedLab> graded;
    };
    Claim claim(const std::string& key);
    void publish(const std::string& key, GradedLab lab);
    // The owner could not grade it: the waiting submissions are told so (GradedLab::failed).
    void abandon(const std::string& key, const std::string& display_dir);

private:
    std::mutex mutex_;
    std::map<std::string, std::promise<GradedLab>> owed_;  // claimed, not yet published
    std::map<std::string, std::shared_future<GradedLab>> graded_;
};

// A submission's key per lab folder (class/class_jobs.cpp makes them) and the class's shared verdicts.
struct LabSharing {
    SharedVerdicts* verdicts = nullptr;
    std::map<std::string, std::string> keys;  // lab folder -> key; a lab without one is graded on its own
};

// `lab`'s results as this submission's: its paths where the graded one's were, and `shared_from` set.
std::vector<StageResult> shared_results(const GradedLab& lab, const std::string& display_dir);

}  // namespace labcheck
