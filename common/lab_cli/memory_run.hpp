// `lab run NN --memory`: the kernel run once under Oclgrind with the memory-lens plugin
// (memory_lens/), at the lab's [memory] size and defines, and the report printed beside the
// kernel's lines: requests, sectors per request, bank conflicts, bytes per output element.
// `lab ladder` runs the same for labs 03 to 06 and 08 and prints their totals in one table.
#pragma once

#include "commands.hpp"

namespace course {

int memory_run(const CommonOptions& common, const RunOptions& options);

// `lab ladder`: labs 03 -> 06 (and 08) each run once under Oclgrind at its [memory] size, and one
// table of their global bytes per multiply-add: the ladder each lab's idea descends.
int memory_ladder(const CommonOptions& common, const LadderOptions& options);

}  // namespace course
