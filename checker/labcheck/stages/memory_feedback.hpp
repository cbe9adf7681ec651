// labcheck --memory-feedback: the memory lens's report (common/memory_lens/, what `lab run NN
// --memory` prints) for a lab with a [memory] table, as text for the barriers stage's details.
// Feedback only: no verdict or point depends on it, and a kernel the simulation cannot run gets a
// sentence saying so, nothing more.
#pragma once

#include "runner/unit_runner.hpp"
#include "stages/stages.hpp"

#include "description/lab_spec.hpp"

#include <optional>
#include <string>

namespace labcheck {

// The job the memory report runs: a dynamic job at the lab's [memory] size and defines, read for
// the GPU class (the report models a GPU, as `lab run --memory` does), `overrides` (-D) on top.
// None when the lab has no [memory] table.
std::optional<WorkerJob> memory_report_job(WorkerJob job, const course::LabSpec& gpu_spec,
                                           const course::Defines& overrides);

// The feedback when this labcheck has no memory-lens plugin: what is missing and how to build it.
std::string memory_lens_missing_text();
// The feedback when the report was not made, for `why`.
std::string memory_not_made_text(const std::string& why);

// The feedback text: a heading that says it scores nothing, then the report's table, or why the
// simulation made none. Control characters from the student's file are written out.
std::string memory_feedback_text(const LabUnderTest& lab, const course::LabSpec& gpu_spec, const UnitRun& run);

}  // namespace labcheck
