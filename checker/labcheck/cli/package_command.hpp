// The `labcheck package gradescope` subcommand: its options and what it runs.
// Kept apart from labcheck_main.cpp, which grades.
#pragma once

#include <CLI/CLI.hpp>

#include <string>
#include <vector>

namespace labcheck {

struct PackageOptions {
    std::vector<std::string> labs;
    std::string output;
    std::string root;
    std::vector<std::string> visibility;  // STAGE=VISIBILITY, e.g. barriers=after_due_date
    CLI::App* gradescope = nullptr;  // set by add_package_command: true when it was given
};

// Adds `package gradescope --lab NN [--lab MM] -o FILE [--root DIR]` to `app`.
void add_package_command(CLI::App& app, PackageOptions& options);

// Writes the package and says what it holds; the exit status (0).
int run_package_command(const PackageOptions& options);

}  // namespace labcheck
