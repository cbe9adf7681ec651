// The memory report read for a student in one or two sentences: the costliest line of the launch
// (the global request furthest from coalesced, or the local request with the worst bank
// conflict) and, when the lab's README has a section on that kind of cost, its heading.
// labcheck's --memory-feedback prints it above the table.
#pragma once

#include <string>

#include "memory_lens/counting/launch_counts.hpp"

namespace memory_lens {

// `source`: the kernel file's text; `readme`: the lab's README text ("" when there is none).
std::string worst_line_reading(const LaunchCounts& launch, const std::string& source, const std::string& readme);

}  // namespace memory_lens
