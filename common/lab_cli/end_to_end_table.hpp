// What `--host-memory` adds to `lab run` and `lab bench` (labs 03–08): one
// product timed end to end (inputs in, kernel, result out) in each asked mode,
// beside the kernel's own time in the same runs, so that the copies show.
#pragma once

#include "harness/host_memory.hpp"
#include "problems/lab_problem.hpp"

#include <string>
#include <vector>

namespace course {

// The modes `--host-memory` names: "copy", "zero-copy", or "both" (copy, then zero-copy).
std::vector<HostMemory> host_memory_modes(const std::string& text);

class EndToEndTable {
public:
    // Times `problem` at `size` in every mode, one row each; a kind without end-to-end timing adds none.
    void measure(const std::string& what, LabProblem& problem, ProblemSize size,
                 const std::vector<HostMemory>& modes, std::uint64_t seed);
    bool empty() const { return rows_.empty(); }
    bool all_right() const;
    void print() const;

private:
    struct Row {
        std::string what;
        std::string size;
        EndToEndTiming timing;
    };
    std::vector<Row> rows_;
};

}  // namespace course
