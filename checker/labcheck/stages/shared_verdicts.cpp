#include "stages/shared_verdicts.hpp"

#include "util/text_escape.hpp"

namespace labcheck {

SharedVerdicts::Claim SharedVerdicts::claim(const std::string& key) {
    std::lock_guard<std::mutex> lock(mutex_);
    const auto known = graded_.find(key);
    if (known != graded_.end()) return {false, known->second};
    auto& promise = owed_[key];
    auto future = promise.get_future().share();
    graded_.emplace(key, future);
    return {true, future};
}

void SharedVerdicts::publish(const std::string& key, GradedLab lab) {
    std::lock_guard<std::mutex> lock(mutex_);
    const auto owed = owed_.find(key);
    if (owed == owed_.end()) return;
    owed->second.set_value(std::move(lab));
    owed_.erase(owed);
}

void SharedVerdicts::abandon(const std::string& key, const std::string& display_dir) {
    GradedLab failed;
    failed.display_dir = display_dir;
    failed.failed = true;
    publish(key, std::move(failed));
}

std::vector<StageResult> shared_results(const GradedLab& lab, const std::string& display_dir) {
    std::vector<StageResult> results = lab.results;
    const std::string from = lab.display_dir + "/", to = display_dir + "/";
    for (auto& r : results) {
        for (std::string* text : {&r.file, &r.reason, &r.details, &r.feedback}) *text = course::replaced_all(*text, from, to);
        for (auto& finding : r.findings) {
            for (std::string* text : {&finding.file, &finding.summary, &finding.message}) {
                *text = course::replaced_all(*text, from, to);
            }
        }
        r.shared_from = lab.display_dir;
    }
    return results;
}

}  // namespace labcheck
