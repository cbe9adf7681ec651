#include "description/lab_hints.hpp"

#include "util/user_error.hpp"

#include <fmt/format.h>
#include <toml++/toml.h>

namespace course {

namespace {

namespace fs = std::filesystem;

constexpr const char* kLevelKeys[kHintLevels] = {"question", "idea", "shape"};

// A hint as written in the file (broken into lines there) as one paragraph per blank-line-separated block.
std::string unwrapped(const std::string& text) {
    std::string out;
    std::size_t start = 0;
    bool blank_before = false;
    while (start <= text.size()) {
        const std::size_t end = std::min(text.find('\n', start), text.size());
        std::string line = text.substr(start, end - start);
        line.erase(0, line.find_first_not_of(" \t") == std::string::npos ? line.size() : line.find_first_not_of(" \t"));
        line.erase(line.find_last_not_of(" \t") + 1);
        if (line.empty()) {
            blank_before = !out.empty();
        } else {
            if (!out.empty()) out += blank_before ? "\n" : " ";
            out += line;
            blank_before = false;
        }
        start = end + 1;
    }
    return out;
}

std::string required_text(const toml::table& todo, const std::string& key, const std::string& where) {
    const auto value = todo[key].value<std::string>();
    if (!value || value->find_first_not_of(" \n\t") == std::string::npos) {
        throw UserError({fmt::format("a non-empty text `{}` in every [[todo]]", key),
                         value ? "it is empty" : "it is missing or not a string", where,
                         "add it (see another lab's hints.toml for the form)"});
    }
    return unwrapped(*value);
}

TodoHints todo_from(const toml::table& todo, const std::string& where) {
    for (const auto& [key, value] : todo) {
        const std::string name(key.str());
        const bool known = name == "todo" || name == "about" || name == kLevelKeys[0] || name == kLevelKeys[1] ||
                           name == kLevelKeys[2];
        if (!known) {
            throw UserError({"only the keys todo, about, question, idea and shape in a [[todo]]",
                             fmt::format("a key `{}`", name), where, "fix its spelling or remove it"});
        }
    }
    TodoHints hints;
    hints.todo = required_text(todo, "todo", where);
    hints.about = required_text(todo, "about", where);
    for (int level = 0; level < kHintLevels; ++level) hints.text[level] = required_text(todo, kLevelKeys[level], where);
    return hints;
}

}  // namespace

const char* hint_level_name(HintLevel level) {
    switch (level) {
        case HintLevel::question: return "a question to think about";
        case HintLevel::idea: return "the idea";
        case HintLevel::shape: return "the shape of the code";
    }
    return "";
}

HintLevel parse_hint_level(const std::string& text) {
    if (text == "1" || text == "2" || text == "3") return static_cast<HintLevel>(text[0] - '0');
    throw UserError({"a hint level 1, 2 or 3 (1: a question, 2: the idea, 3: the shape of the code)",
                     fmt::format("\"{}\"", text), "the level argument", "e.g. `lab hint 04 2`"});
}

LabHints load_hints(const fs::path& root, const std::string& folder) {
    const fs::path path = root / "labs" / folder / "hints.toml";
    const std::string shown = "labs/" + folder + "/hints.toml";
    std::error_code ec;
    if (!fs::is_regular_file(path, ec)) {
        throw UserError({"a hints file for the lab", "there is none", shown,
                         "read the lab's README; its TODOs say what each step needs"});
    }
    toml::table table;
    try {
        table = toml::parse_file(path.string());
    } catch (const toml::parse_error& e) {
        throw UserError({"a valid TOML file", std::string(e.description()),
                         fmt::format("{}:{}", shown, e.source().begin.line), "fix the syntax at that line"});
    }
    const toml::array* todos = table["todo"].as_array();
    if (todos == nullptr || todos->empty()) {
        throw UserError({"one [[todo]] table per TODO of the lab", "no [[todo]] tables", shown,
                         "add them (see another lab's hints.toml)"});
    }
    LabHints hints;
    hints.folder = folder;
    for (std::size_t i = 0; i < todos->size(); ++i) {
        const auto* todo = (*todos)[i].as_table();
        const std::string where = fmt::format("{}, [[todo]] number {}", shown, i + 1);
        if (todo == nullptr) {
            throw UserError({"[[todo]] tables", "an entry that is not a table", where, "write it as [[todo]]"});
        }
        hints.todos.push_back(todo_from(*todo, where));
    }
    return hints;
}

}  // namespace course
