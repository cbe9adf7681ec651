#include "lab_opening.hpp"

#include "problems/lab_session.hpp"
#include "util/course_root.hpp"
#include "util/text_escape.hpp"

#include <fmt/format.h>

namespace course {

OpenedLab open_lab_for_command(const CommonOptions& common, const std::string& lab,
                               const std::string& kernel_set_name) {
    auto root = course_root(common.root);
    KernelSet kernels;
    // The kernel set is chosen once the device is open, as before the lab is read.
    auto [session, spec] = open_lab_on_device(root, common.device, lab, std::nullopt,
                                              [&](const ClSession&) { kernels = kernel_set(root, kernel_set_name); });
    std::string tuned_file = apply_device_defaults(spec, root, session);
    return {std::move(root), std::move(session), std::move(kernels), std::move(spec), std::move(tuned_file)};
}

void print_lab_header(const OpenedLab& lab, const std::string& title_suffix) {
    fmt::print("lab {}: {}{}\n", lab.spec.number, lab.spec.title, title_suffix);
    // (a submission folder's name is the user's: its control characters are written out)
    fmt::print("  kernel  {}\n", printable_text(lab.kernels.display(lab.spec.folder, lab.spec.kernel_file)));
    fmt::print("  device  {} ({})\n", lab.session.device.label(), device_class_name(lab.session.device.device_class));
    if (!lab.tuned_file.empty()) fmt::print("  tuned   this device's defaults from {}\n", lab.tuned_file);
}

std::string kernel_set_name(bool solution, const std::string& submission) {
    return solution ? "solutions" : submission;
}

std::vector<ProblemSize> sizes_or(const std::vector<std::string>& typed, const std::vector<LabSize>& lab_sizes,
                                  SizeForm form) {
    std::vector<ProblemSize> sizes;
    for (const auto& text : typed) sizes.push_back(parse_problem_size(text, form));
    if (typed.empty()) {
        for (const auto& size : lab_sizes) sizes.push_back(size.size);
    }
    return sizes;
}

}  // namespace course
