// Opening a lab for a command: its lab.toml for this device, the kernel set
// (labs/, solutions/ or a submission), the defines, and its built driver.
#pragma once

#include "harness/cl_session.hpp"
#include "problems/lab_problem.hpp"
#include "description/lab_spec.hpp"
#include "description/tuned_defaults.hpp"

#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>

namespace course {

// A lab opened on a device: what every command on one lab begins with (`lab run`, `lab tune`
// and labcheck's worker).
struct LabOnDevice {
    ClSession session;
    LabSpec spec;
};

// Opens `device` (see device_choice.hpp), calls `opened` with it (labcheck reports the device
// before anything can go wrong with the lab), then reads the lab's lab.toml for `as_class`, or
// for the device's own class when none is given.
LabOnDevice open_lab_on_device(const std::filesystem::path& root, const std::string& device, const std::string& lab,
                               std::optional<DeviceClass> as_class = std::nullopt,
                               const std::function<void(const ClSession&)>& opened = {});

// The device as labs/NN-name/tuned.toml names it: CL_DEVICE_NAME and CL_DRIVER_VERSION.
DeviceIdentity device_identity(const DeviceInfo& device);

// The timing defaults of this device (description/tuned_defaults.hpp) in place of lab.toml's,
// when the spec was read for the device's own class and the lab's tuned.toml names the device.
// Returns the file's display name when an entry applied, else "". Define sets stay as they are.
std::string apply_device_defaults(LabSpec& spec, const std::filesystem::path& root, const ClSession& session);

// "labs" (the default), "solutions", or the path of a submission folder laid out like labs/.
KernelSet kernel_set(const std::filesystem::path& root, const std::string& which);

// The kernel file of `spec`'s lab in `kernels` ("04-matmul-tiled/matmul.cl" of the set), read as
// harness/kernel_source.hpp reads a submission's, saying what to rename when a lab folder is
// misnamed (description/submission_layout.hpp). Throws UserError.
KernelSource read_lab_kernel(const KernelSet& kernels, const LabSpec& spec);

// Builds the lab's kernel from `kernels` with the lab's defines and `overrides` on top.
// `earlier_labs`: whose kernels run for the earlier labs this one builds on (see EarlierLabKernels).
std::unique_ptr<LabProblem> open_lab(ClSession& session, const std::filesystem::path& root, const LabSpec& spec,
                                     const KernelSet& kernels, const Defines& overrides,
                                     EarlierLabKernels earlier_labs = EarlierLabKernels::same_set);

// The same with the lab's kernel file of `kernels` already read: labcheck reads it first, to tell a
// file that cannot be read from one that does not build, and reads it once.
std::unique_ptr<LabProblem> open_lab(ClSession& session, const std::filesystem::path& root, const LabSpec& spec,
                                     const KernelSet& kernels, KernelSource source, const Defines& overrides,
                                     EarlierLabKernels earlier_labs = EarlierLabKernels::same_set);

// Names the baseline "the lab's own kernels again, with baseline_defines on top" in
// a lab's [speedup] (lab 07: LEVELS = 0, the same driver with no Strassen level).
constexpr const char* kSelfBaseline = "self";

// The lab's speedup baseline (the lab must have a [speedup] section): a kernel
// file under kernels/, or, for baseline = "self", the lab's kernels from
// `kernels` built with `overrides` and then baseline_defines.
// Throws UserError when the baseline file is not in this copy of the course (baseline_in_course).
std::unique_ptr<LabProblem> open_baseline(ClSession& session, const std::filesystem::path& root, const LabSpec& spec,
                                          const KernelSet& kernels, const Defines& overrides,
                                          EarlierLabKernels earlier_labs = EarlierLabKernels::same_set);

// Whether the lab's speedup baseline is in the course at `root`: "self", or a file under kernels/
// that exists. The student edition leaves kernels/baselines/ out (the naive kernels there answer
// labs 01 and 03), so the speed against the baseline is measured by the instructor's grader only.
bool baseline_in_course(const std::filesystem::path& root, const LabSpec& spec);
// Throws UserError, saying why and what to do instead, when baseline_in_course is false.
void require_baseline_in_course(const std::filesystem::path& root, const LabSpec& spec);

}  // namespace course
