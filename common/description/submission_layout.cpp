#include "description/submission_layout.hpp"

#include "description/lab_number.hpp"

#include <fmt/format.h>

namespace course {

namespace fs = std::filesystem;

std::string submission_missing_hint(const fs::path& folder, const std::string& missing, bool is_last) {
    const std::string number = lab_number(missing);
    std::error_code ec;
    std::string found_number, found_labs;
    for (const auto& entry : fs::directory_iterator(folder, ec)) {
        const std::string name = entry.path().filename().string();
        if (name == "labs") found_labs = name;
        if (!number.empty() && name != missing && lab_number(name) == number) found_number = name;
    }
    if (!is_last && !found_number.empty()) {
        return fmt::format("the submission has a folder {}/: name it {}/ exactly, as in the course's labs/ folder",
                           found_number, missing);
    }
    if (!is_last && !found_labs.empty()) {
        return "the submission holds a labs/ folder: put the lab folders (" + missing +
               "/, ...) at the top of the submission";
    }
    return "check the lab folder name and that the file was not renamed or moved";
}

}  // namespace course
