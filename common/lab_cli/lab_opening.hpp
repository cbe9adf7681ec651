// The step every `lab` command on one lab begins with: find the course, open
// the device, choose the kernel set, read the lab's lab.toml for the device's
// class (its sizes parsed there; problems/lab_session.hpp, open_lab_on_device,
// which labcheck's worker shares), and print the header that names them.
#pragma once

#include "commands.hpp"
#include "description/lab_spec.hpp"
#include "harness/cl_session.hpp"
#include "problems/lab_problem.hpp"

#include <filesystem>
#include <string>

namespace course {

struct OpenedLab {
    std::filesystem::path root;
    ClSession session;
    KernelSet kernels;
    LabSpec spec;
    std::string tuned_file;  // labs/NN-name/tuned.toml when its entry for this device is in spec, else ""
};

// `kernel_set_name`: "labs" (or empty), "solutions", or a submission folder (lab_session.hpp, kernel_set).
OpenedLab open_lab_for_command(const CommonOptions& common, const std::string& lab,
                               const std::string& kernel_set_name);

// "lab 05: title<title_suffix>", the kernel file and the device.
void print_lab_header(const OpenedLab& lab, const std::string& title_suffix = {});

// The kernel set a run/tune command's flags choose: "solutions" with --solution, else the submission (or labs/).
std::string kernel_set_name(bool solution, const std::string& submission);

// The sizes typed after --size, or `lab_sizes` when none were.
std::vector<ProblemSize> sizes_or(const std::vector<std::string>& typed, const std::vector<LabSize>& lab_sizes,
                                  SizeForm form);

}  // namespace course
