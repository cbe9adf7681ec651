// `lab run NN --memory`: the kernel run once under Oclgrind with the memory-lens plugin
// (memory_lens/), at the lab's [memory] size and defines, and the report printed beside the
// kernel's lines: requests, sectors per request, bank conflicts, bytes per output element.
#pragma once

#include "commands.hpp"

namespace course {

int memory_run(const CommonOptions& common, const RunOptions& options);

}  // namespace course
