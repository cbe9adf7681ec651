// Whether a device can run a lab's kernel at the defines it was built with: a
// define set can ask for more work-items per group, or more local memory, than
// a device has. That is a limit of the set on that device, not a mistake in the
// kernel, so `lab run` and labcheck skip such a set and say why.
#pragma once

#include "harness/cl_session.hpp"
#include "problems/lab_problem.hpp"
#include "description/lab_spec.hpp"

#include <string>

namespace course {

// Why the device cannot run `problem` (built for `spec`), or "" when it can.
std::string device_limit_problem(const ClSession& session, const LabSpec& spec, const LabProblem& problem);

}  // namespace course
