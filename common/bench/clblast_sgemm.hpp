// CLBlast's SGEMM on the lab's device: the "what a tuned OpenCL library does"
// line beside a lab's GFLOP/s. CLBlast is optional (Debian: libclblast-dev);
// without it the line is left out.
#pragma once

#include "harness/cl_session.hpp"
#include "description/problem_size.hpp"

#include <optional>
#include <string>

namespace course {

// Whether this build has CLBlast.
bool clblast_available();

// Median seconds of one C = A·B through clblast::Gemm, or nullopt with `why` set
// when CLBlast is missing or fails on this device.
std::optional<double> clblast_sgemm_seconds(ClSession& session, const ProblemSize& size, std::string* why = nullptr);

}  // namespace course
