// A lab's hints, as data: labs/NN-name/hints.toml, read once into types for
// `lab hint NN [LEVEL]`. Each TODO of the stub has three graded hints:
//
//     [[todo]]
//     todo = "TODO 1"                      # which TODO of the kernel file
//     about = "work-items outside the matrix"
//     question = "..."                     # level 1: a question to think about
//     idea = "..."                         # level 2: the idea
//     shape = "..."                        # level 3: the shape of the code, in words, never the code
//
// Level 3 never holds a line of the solution: solutions/tests checks it.
#pragma once

#include <array>
#include <filesystem>
#include <string>
#include <vector>

namespace course {

enum class HintLevel { question = 1, idea = 2, shape = 3 };
constexpr int kHintLevels = 3;

struct TodoHints {
    std::string todo;   // "TODO 1", or the kernel and part it is about
    std::string about;  // a few words on what the TODO asks
    std::array<std::string, kHintLevels> text;  // by level: question, idea, shape

    const std::string& at(HintLevel level) const { return text[static_cast<int>(level) - 1]; }
};

struct LabHints {
    std::string folder;  // "01-transpose-naive"
    std::vector<TodoHints> todos;
};

// What a level gives, for headings: "a question to think about", "the idea", "the shape of the code".
const char* hint_level_name(HintLevel level);

// The level a user typed ("1" .. "3"); throws UserError otherwise.
HintLevel parse_hint_level(const std::string& text);

// Reads labs/<folder>/hints.toml under `root`. Throws UserError when it is missing, is not
// valid TOML, or a [[todo]] lacks a key, has an unknown one, or has an empty hint.
LabHints load_hints(const std::filesystem::path& root, const std::string& folder);

}  // namespace course
