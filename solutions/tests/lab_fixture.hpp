// Shared by the solution tests: one OpenCL session for the whole test run,
// and a short way to build a lab from labs/ or solutions/ and check sizes.
#pragma once

#include "harness/cl_session.hpp"
#include "problems/lab_session.hpp"
#include "tests/committed_stubs.hpp"

#include <filesystem>
#include <string>
#include <vector>

namespace course_tests {

course::ClSession& session();
const std::filesystem::path& root();

// The course's stubs as committed, laid out like labs/ (common/tests/committed_stubs.hpp): what
// a test of "the stub" opens, so that a student's solved working copy changes nothing.
const CommittedStubs& stubs();
// The same as a kernel set, for open() and the problem setups.
course::KernelSet stub_set();

// Checks that the stub of `lab_folder` is wrong (`wrong`): when it is right, a failure with
// COURSE_STUBS=strict, else a message that the check is skipped. True when the stub is wrong.
bool stub_is_wrong(const std::string& lab_folder, bool wrong);

// The lab's problem built from `set` ("solutions", or a folder such as stub_set()'s) with extra defines.
std::unique_ptr<course::LabProblem> open(const std::string& lab, const std::string& set,
                                         std::initializer_list<std::pair<const char*, const char*>> defines = {});

// The lab's problem built from one kernel file anywhere (a test kernel), with
// the lab's geometry and defines and extra defines on top.
std::unique_ptr<course::LabProblem> open_file(const std::string& lab, const std::filesystem::path& file,
                                              std::initializer_list<std::pair<const char*, const char*>> defines = {});

// The verdicts at each size, in the problem's size syntax ("37x50", "64x100x33").
std::vector<course::SizeVerdict> check_sizes(course::LabProblem& problem, const std::vector<std::string>& sizes,
                                             std::uint64_t seed = 1);
// The same at sizes of a lab.toml (already parsed).
std::vector<course::SizeVerdict> check_sizes(course::LabProblem& problem, const std::vector<course::LabSize>& sizes,
                                             std::uint64_t seed = 1);

}  // namespace course_tests
