// One table of problem kinds: each kind a lab.toml can name in `problem = "..."`
// is one row here (problems/problem_kinds.cpp) with its host driver, and its name
// and size form in description/problem_kind.cpp. Nothing else looks at the kind.
#pragma once

#include "description/lab_spec.hpp"
#include "description/problem_kind.hpp"
#include "description/rate_unit.hpp"
#include "harness/launch_geometry.hpp"
#include "problems/lab_problem.hpp"

#include <memory>
#include <string>
#include <vector>

namespace course {

struct ProblemKindInfo {
    ProblemKind kind;
    const char* kernel_contract;  // the kernel(s) docs/contracts.md fixes for it, as the drivers check them
    RateUnit rate_unit;           // what LabProblem::work() counts per second
    // Builds the lab's kernels (throws KernelBuildError or UserError) and returns the driver.
    std::unique_ptr<LabProblem> (*make_driver)(const ProblemSetup& setup);
    // The sizes labcheck runs under Oclgrind when the lab's [checker] race_sizes does not say:
    // few and small (Oclgrind is slow), yet enough to cross a tile's edge.
    std::vector<std::string> (*race_sizes)(const LabSpec& spec, const Defines& defines);
    // The work Oclgrind simulates at `size`, in elements or multiply-adds, with each extent
    // padded to `multiple` (the geometry's padding): labcheck budgets Oclgrind with it.
    double (*simulated_work)(ProblemSize size, Extents multiple, const Defines& defines);
};

// The row of a kind. Every kind has one (a unit test checks it).
const ProblemKindInfo& problem_kind_info(ProblemKind kind);

// Builds the lab's kernels (throws KernelBuildError or UserError) and returns its driver.
std::unique_ptr<LabProblem> make_problem(ProblemKind kind, const ProblemSetup& setup);

}  // namespace course
