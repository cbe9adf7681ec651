// The memory run's child process: `oclgrind --plugins libmemory_lens_plugin.so lab run ...`, its
// output into a log, its progress (work-groups simulated) shown while it runs, and how it ended:
// finished, stopped by the plugin because a work-item ran away (a loop that does not end), or
// stopped by the time limit.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace course {

enum class ChildEnding { exited, runaway, timed_out };

struct MemoryChildEnd {
    ChildEnding ending = ChildEnding::exited;
    int status = 0;                    // the exit status (exited)
    std::uint32_t runaway_line = 0;    // runaway: the line the work-item was running (0: unknown)
    std::uint64_t runaway_instructions = 0;  // and the instructions it ran without a barrier or its end
    std::uint64_t groups_done = 0;     // work-groups the plugin saw complete in the launch it was in
    std::uint64_t groups_total = 0;
};

// The plugin's settings travel in the environment: the report file, the progress file, the warp.
struct MemoryChildFiles {
    std::filesystem::path report;
    std::filesystem::path progress;
    std::filesystem::path log;
};

// Runs `argv` (LAB_DEVICE unset, the plugin's variables set), showing the work-groups simulated
// on stderr when it is a terminal; ends it after `limit_seconds`.
MemoryChildEnd run_memory_child(const std::vector<std::string>& argv, const MemoryChildFiles& files,
                                std::uint32_t warp, int limit_seconds);

}  // namespace course
