// Which copy of the course a program runs in: a full clone (with solutions/) or the
// student edition (`labcheck --student-edition`, without solutions/, the hidden sizes
// and the mutants). In the edition, --help names only what exists there: options that
// need solutions/ are hidden (they still parse, and say why they cannot run).
// Header-only, for the programs' mains, which link CLI11.
#pragma once

#include "util/course_root.hpp"

#include <CLI/CLI.hpp>

#include <filesystem>
#include <initializer_list>

namespace course {

// True when the course the program reads by default (LAB_ROOT, else its source tree) has
// no solutions/ folder. A course that cannot be found counts as a full clone: the
// command will say what is wrong when it runs.
inline bool default_course_is_student_edition() {
    try {
        return !std::filesystem::is_directory(course_root("") / "solutions");
    } catch (const std::exception&) {
        return false;
    }
}

// Hides the named options of `app` and of its subcommands from --help, and their exclusions with
// the options left (else --help shows an empty "Excludes:" beside them).
inline void hide_options(CLI::App& app, std::initializer_list<const char*> names) {
    for (const char* name : names) {
        CLI::Option* option = app.get_option_no_throw(name);
        if (option == nullptr) continue;
        option->group("");
        for (CLI::Option* other : app.get_options()) {
            if (other == option) continue;
            other->remove_excludes(option);
            option->remove_excludes(other);
        }
    }
    for (CLI::App* sub : app.get_subcommands({})) hide_options(*sub, names);
}

// In the student edition, hides the options that need what only a full clone has.
inline void fit_help_to_edition(CLI::App& app, std::initializer_list<const char*> full_clone_only) {
    if (default_course_is_student_edition()) hide_options(app, full_clone_only);
}

}  // namespace course
