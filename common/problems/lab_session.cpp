#include "problems/lab_session.hpp"

#include "description/submission_layout.hpp"
#include "problems/problem_kinds.hpp"
#include "util/user_error.hpp"

#include <fmt/format.h>

#include <utility>

namespace course {

namespace fs = std::filesystem;

DeviceIdentity device_identity(const DeviceInfo& device) {
    return {device.device_name, device.driver_version};
}

std::string apply_device_defaults(LabSpec& spec, const fs::path& root, const ClSession& session) {
    if (spec.device_class != session.device.device_class) return {};
    return apply_tuned_file(spec, root, device_identity(session.device));
}

KernelSet kernel_set(const fs::path& root, const std::string& which) {
    if (which.empty() || which == "labs") return {root / "labs", "labs", KernelSetKind::labs};
    if (which == "solutions") {
        if (!fs::is_directory(root / "solutions")) {
            throw UserError({"a solutions/ folder", "this copy of the course has no solutions (a student edition)",
                             root.string(), "run your own kernels without --solution"});
        }
        return {root / "solutions", "solutions", KernelSetKind::solutions};
    }
    if (!fs::is_directory(which)) {
        throw UserError({"a submission folder laid out like labs/ (e.g. 02-transpose-local/transpose.cl)",
                         fs::exists(which) ? "it is not a folder" : "it does not exist", which,
                         "pass the folder that holds the lab folders"});
    }
    return {fs::absolute(which), which};
}

LabOnDevice open_lab_on_device(const fs::path& root, const std::string& device, const std::string& lab,
                               std::optional<DeviceClass> as_class,
                               const std::function<void(const ClSession&)>& opened) {
    ClSession session = open_session(device);
    if (opened) opened(session);
    LabSpec spec = load_lab(root, lab, as_class.value_or(session.device.device_class));
    return {std::move(session), std::move(spec)};
}

KernelSource read_lab_kernel(const KernelSet& kernels, const LabSpec& spec) {
    return read_kernel_source(kernels.dir, fs::path(spec.folder) / spec.kernel_file,
                              kernels.display(spec.folder, spec.kernel_file), submission_missing_hint);
}

std::unique_ptr<LabProblem> open_lab(ClSession& session, const fs::path& root, const LabSpec& spec,
                                     const KernelSet& kernels, const Defines& overrides,
                                     EarlierLabKernels earlier_labs) {
    return open_lab(session, root, spec, kernels, read_lab_kernel(kernels, spec), overrides, earlier_labs);
}

std::unique_ptr<LabProblem> open_lab(ClSession& session, const fs::path& root, const LabSpec& spec,
                                     const KernelSet& kernels, KernelSource source, const Defines& overrides,
                                     EarlierLabKernels earlier_labs) {
    ProblemSetup setup;
    setup.session = &session;
    setup.spec = &spec;
    setup.source = std::move(source);
    setup.geometry = spec.geometry;
    setup.defines = spec.defines;
    setup.defines.merge(overrides);
    setup.kernels = kernels;
    setup.root = root;
    setup.earlier_labs = earlier_labs;
    return make_problem(spec.problem, setup);
}

std::unique_ptr<LabProblem> open_baseline(ClSession& session, const fs::path& root, const LabSpec& spec,
                                          const KernelSet& kernels, const Defines& overrides,
                                          EarlierLabKernels earlier_labs) {
    if (!spec.speedup) {
        throw UserError({"a [speedup] section", "the lab has none", spec.file(),
                         "add one naming the baseline kernel"});
    }
    if (spec.speedup->baseline_file == kSelfBaseline) {
        Defines defines = overrides;
        defines.merge(spec.speedup->baseline_defines);
        return open_lab(session, root, spec, kernels, defines, earlier_labs);
    }
    require_baseline_in_course(root, spec);
    ProblemSetup setup;
    setup.session = &session;
    setup.spec = &spec;
    setup.source =
        read_kernel_source(root / "kernels" / spec.speedup->baseline_file, "kernels/" + spec.speedup->baseline_file);
    setup.geometry = spec.speedup->baseline_geometry;
    setup.defines = spec.speedup->baseline_defines;
    setup.kernels = {root / "kernels", "kernels"};
    setup.root = root;
    return make_problem(spec.speedup->baseline_problem.value_or(spec.problem), setup);
}

bool baseline_in_course(const fs::path& root, const LabSpec& spec) {
    if (!spec.speedup || spec.speedup->baseline_file == kSelfBaseline) return true;
    std::error_code ec;
    return fs::exists(root / "kernels" / spec.speedup->baseline_file, ec);
}

void require_baseline_in_course(const fs::path& root, const LabSpec& spec) {
    if (baseline_in_course(root, spec)) return;
    throw UserError({"the lab's speed baseline, kernels/" + spec.speedup->baseline_file,
                     "this copy of the course does not have it: the student edition leaves the baselines out, since "
                     "they would answer a lab, and the instructor's grader measures the speedup",
                     (root / "kernels" / spec.speedup->baseline_file).string(),
                     "compare two configurations of your own kernel instead: --versus NAME=VALUE"});
}

}  // namespace course
