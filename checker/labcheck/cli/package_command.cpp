#include "cli/package_command.hpp"

#include "edition/package_gradescope.hpp"

#include "description/lab_spec.hpp"
#include "util/course_root.hpp"
#include "util/user_error.hpp"

#include <fmt/format.h>

namespace labcheck {

void add_package_command(CLI::App& app, PackageOptions& options) {
    auto* package = app.add_subcommand("package", "write a package for a grading platform");
    package->require_subcommand(1);
    options.gradescope = package->add_subcommand(
        "gradescope", "write Gradescope's autograder zip (setup.sh, run_autograder, the course without solutions)");
    options.gradescope->add_option("--lab", options.labs, "lab to grade, e.g. 04 (repeat for several)")->required();
    options.gradescope->add_option("-o,--output", options.output, "the zip to write, e.g. autograder.zip")->required();
    options.gradescope->add_option("--root", options.root,
                                   "the course repository (default: LAB_ROOT, else the source tree)");
    options.gradescope
        ->add_option("--visibility", options.visibility,
                     "a stage's tests shown to students as Gradescope says: STAGE=visible|hidden|after_due_date|"
                     "after_published, e.g. barriers=after_due_date (repeatable; default: every test visible)")
        ->check([](const std::string& value) { return test_visibility_error(value); });
}

int run_package_command(const PackageOptions& options) {
    const auto root = course::course_root(options.root);
    std::vector<PackagedLab> packaged;
    std::string labs;
    for (const auto& lab : options.labs) {
        const auto spec = course::load_lab(root, course::find_lab_folder(root, lab), course::DeviceClass::cpu);
        packaged.push_back({spec.folder, spec.kernel_file});
        labs += (labs.empty() ? "" : ", ") + spec.folder;
    }
    const auto package = write_gradescope_package(root, packaged, options.visibility, options.output);
    fmt::print("Gradescope autograder written to {}: {} files, {:.1f} MiB, grading {}\n", options.output,
               package.files, static_cast<double>(package.bytes) / (1 << 20), labs);
    std::string left_out;
    for (const auto& path : package.left_out) left_out += (left_out.empty() ? "" : ", ") + path;
    if (!left_out.empty()) fmt::print("left out: {}\n", left_out);
    fmt::print("Upload it as the assignment's autograder (docs/gradescope.md says what students upload).\n");
    return 0;
}

}  // namespace labcheck
