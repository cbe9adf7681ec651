// Runs independent tasks on up to `jobs` threads. Each task here starts and
// waits for one child process, so threads only wait; the work is in the children.
#pragma once

#include <functional>
#include <vector>

namespace labcheck {

// Runs every task once; returns when all are done. An exception from a task is
// rethrown here after the others finish.
void run_parallel(const std::vector<std::function<void()>>& tasks, int jobs);

}  // namespace labcheck
