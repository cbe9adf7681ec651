// What a memory report was run on, for its heading and its per-element figures: the lab's kernel
// file as messages name it, the size, the defines, and the elements and multiply-adds of the
// launch. `lab run NN --memory`, `lab ladder` and labcheck's memory feedback all describe their
// run with it, so their figures agree.
#pragma once

#include "description/lab_spec.hpp"
#include "description/problem_size.hpp"
#include "memory_lens/report/memory_table.hpp"

#include <string>

namespace course {

memory_lens::ReportSubject memory_subject(const LabSpec& spec, const ProblemSize& size, const Defines& defines,
                                          const std::string& kernel_display);

}  // namespace course
