// Mutants written as edits of a lab's solution (`name` + `solution_edits` in
// checker/mutants/mutants.toml and runtime_mutants.toml): one line in the manifest for a
// one-line bug, instead of a copy of the solution that drifts when the solution changes.
// Read by the mutant suite (checker/tests/mutant_suite.cpp) and by the static analysis's
// mutant test (checker/static/tests/test_mutants.cpp). Header-only: two test programs.
#pragma once

#include <toml++/toml.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace mutants {

// `replace` (which must occur exactly once) becomes `with`; or, with `cut_from`, the text ends
// before the first occurrence of `cut_from` (which must occur exactly once too).
struct SolutionEdit {
    std::string replace;
    std::string with;
    std::string cut_from;
};

inline std::vector<SolutionEdit> solution_edits_of(const toml::table& entry) {
    std::vector<SolutionEdit> edits;
    if (const auto* list = entry["solution_edits"].as_array()) {
        for (const auto& node : *list) {
            const toml::table& edit = *node.as_table();
            edits.push_back({edit["replace"].value_or(std::string()), edit["with"].value_or(std::string()),
                             edit["cut_from"].value_or(std::string())});
        }
    }
    return edits;
}

struct EditedSolution {
    std::string text;
    std::string not_found;  // the text of the first edit that was not in the solution exactly once
    bool ok() const { return not_found.empty(); }
};

inline EditedSolution apply_solution_edits(std::string text, const std::vector<SolutionEdit>& edits) {
    for (const SolutionEdit& edit : edits) {
        const std::string& needle = edit.cut_from.empty() ? edit.replace : edit.cut_from;
        const auto at = needle.empty() ? std::string::npos : text.find(needle);
        if (at == std::string::npos || text.find(needle, at + 1) != std::string::npos) {
            return {text, needle.empty() ? "(an edit with neither replace nor cut_from)" : needle};
        }
        if (edit.cut_from.empty()) {
            text.replace(at, needle.size(), edit.with);
        } else {
            text.erase(at);
        }
    }
    return {text, {}};
}

inline std::string read_text(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// solutions/<NN>-<name>/<kernel file> for lab "NN", from the source root: the folder of labs/
// whose name starts with "NN-" and the kernel_file its lab.toml names. Empty when there is none.
inline std::filesystem::path solution_file(const std::filesystem::path& root, const std::string& lab) {
    if (!std::filesystem::is_directory(root / "labs")) return {};
    for (const auto& entry : std::filesystem::directory_iterator(root / "labs")) {
        const std::string folder = entry.path().filename().string();
        if (!entry.is_directory() || folder.rfind(lab + "-", 0) != 0) continue;
        const toml::table lab_toml = toml::parse_file((entry.path() / "lab.toml").string());
        const auto kernel_file = lab_toml["kernel_file"].value<std::string>();
        if (!kernel_file) return {};
        return root / "solutions" / folder / *kernel_file;
    }
    return {};
}

}  // namespace mutants
