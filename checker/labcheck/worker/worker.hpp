// The child side of labcheck: runs one job (see worker_protocol.hpp) and
// reports what happened as events. This is the only code of labcheck that
// touches OpenCL or a student's kernel.
#pragma once

#include <filesystem>

namespace labcheck {

// Returns the process exit status: 0, kWorkerOutOfMemory or kWorkerInternalError.
int run_worker(const std::filesystem::path& job_file, const std::filesystem::path& events_file);

}  // namespace labcheck
