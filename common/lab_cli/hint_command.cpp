// `lab hint NN [LEVEL]`: the graded hints of a lab's TODOs, from labs/NN-name/hints.toml.
// Level 1 asks a question, level 2 gives the idea, level 3 the shape of the code in
// words; a level shows the ones below it too, so a student climbs one step at a time.
#include "commands.hpp"
#include "description/lab_hints.hpp"
#include "description/lab_spec.hpp"
#include "util/course_root.hpp"
#include "util/text_wrap.hpp"

#include <CLI/CLI.hpp>
#include <fmt/format.h>

namespace course {

CLI::App* add_hint_subcommand(CLI::App& app, HintOptions& options) {
    auto* command = app.add_subcommand("hint", "hints for a lab's TODOs: 1 a question, 2 the idea, 3 the shape of the "
                                               "code (never the code)");
    command->add_option("lab", options.lab, "lab number, e.g. 04")->required();
    command->add_option("level", options.level, "1, 2 or 3 (default 1); a level shows those below it too");
    return command;
}

int hint_command(const CommonOptions& common, const HintOptions& options) {
    const auto root = course_root(common.root);
    const HintLevel level = parse_hint_level(options.level);
    const std::string folder = find_lab_folder(root, options.lab);
    const LabHints hints = load_hints(root, folder);
    const int up_to = static_cast<int>(level);
    fmt::print("lab {}: hints up to level {} of {}\n", folder, up_to, kHintLevels);
    for (const TodoHints& todo : hints.todos) {
        fmt::print("\n{}: {}\n", todo.todo, todo.about);
        for (int l = 1; l <= up_to; ++l) {
            const auto shown = static_cast<HintLevel>(l);
            fmt::print("  {}. {}:\n{}", l, hint_level_name(shown), wrapped(todo.at(shown), 96, 5));
        }
    }
    if (up_to < kHintLevels) {
        fmt::print("\nStill stuck? `lab hint {} {}` gives {}.\n", options.lab, up_to + 1,
                   hint_level_name(static_cast<HintLevel>(up_to + 1)));
    } else {
        fmt::print("\nThat is every hint: the README's sections on this lab explain the why.\n");
    }
    return 0;
}

}  // namespace course
