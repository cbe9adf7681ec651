#include "harness/upload_file_rules.hpp"

#include <fmt/format.h>

#include <algorithm>

#include <pwd.h>
#include <unistd.h>

namespace course {

std::string user_text(unsigned uid) {
    struct passwd entry {};
    struct passwd* found = nullptr;
    char buffer[4096];
    if (getpwuid_r(static_cast<uid_t>(uid), &entry, buffer, sizeof buffer, &found) == 0 && found != nullptr) {
        return fmt::format("{} (uid {})", found->pw_name, uid);
    }
    return fmt::format("uid {}", uid);
}

namespace {

std::string owners_text(std::vector<unsigned> owners) {
    std::sort(owners.begin(), owners.end());
    owners.erase(std::unique(owners.begin(), owners.end()), owners.end());
    std::string text;
    for (std::size_t i = 0; i < owners.size(); ++i) {
        text += (i == 0 ? "" : i + 1 == owners.size() ? " and " : ", ") + user_text(owners[i]);
    }
    return text;
}

}  // namespace

std::optional<UploadFileRefusal> upload_file_refusal(const UploadFileFacts& facts) {
    if (facts.links != 1) {
        return UploadFileRefusal{
            fmt::format("{} is a hard link: the same file has {} names, and the others can be files of this "
                        "machine outside the submission; the grader reads only a file with one name",
                        facts.name, facts.links),
            fmt::format("copy the file instead of linking it (cp {0} {0}.copy && mv {0}.copy {0})", facts.name)};
    }
    const auto& folders = facts.folder_owners;
    if (std::find(folders.begin(), folders.end(), facts.owner) == folders.end()) {
        return UploadFileRefusal{
            fmt::format("{} belongs to {}, but the submission's folders belong to {}; the grader reads only "
                        "files owned like the submission folder",
                        facts.name, user_text(facts.owner), owners_text(folders)),
            "copy the file into the submission as the folder's owner (cp, not ln or mv from another user's "
            "files); an instructor who unpacked a class as root: unpack it with `tar --no-same-owner`, or give "
            "the class folder one owner (chown -R)"};
    }
    return std::nullopt;
}

}  // namespace course
