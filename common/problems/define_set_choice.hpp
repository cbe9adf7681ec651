// Which of a lab's define sets a kernel file is checked at: every set, except an optional
// extension's (`only_if_used = "ROWS_PER_ITEM"` in lab.toml) when the file does not use the
// extension's define. `lab run` and labcheck's worker both decide here, so that the student's
// loop checks exactly what the grader checks.
#pragma once

#include "description/lab_spec.hpp"

#include "terms/defines.hpp"

#include <string>
#include <vector>

namespace course {

// The define sets a run checks: the lab's own (LabSpec::define_sets), or, when the command line
// gives -D, a single set named "command line": this class's defaults with those on top (whoever
// passes -D chose one configuration to try; `lab run` and labcheck's report say the lab's sets were not run).
std::vector<DefineSet> checked_define_sets(const LabSpec& spec, const Defines& overrides);

// Whether `set` belongs to an optional extension of the lab.
inline bool is_extension_set(const DefineSet& set) { return !set.only_if_used.empty(); }

// Why `set` is not checked for a kernel file whose text is `source`: "the kernel file does not use
// ROWS_PER_ITEM, so the lab's optional extension is not graded"; "" when it is checked.
std::string unused_extension(const DefineSet& set, const std::string& source);

}  // namespace course
