#include "problems/repeated_check.hpp"

#include "harness/local_poison.hpp"

#include <fmt/format.h>

namespace course {

RepeatedVerdict check_twice(LabProblem& problem, const ProblemSize& size, std::uint64_t seed) {
    const PoisonedLocalMemory poisoned;  // both runs start from NaN in __local memory, whatever ran before
    RepeatedVerdict result{problem.check(size, seed), false};
    const SizeVerdict second = problem.check(size, seed);
    const SizeVerdict& first = result.verdict;
    if (first.ok == second.ok && first.problem == second.problem &&
        first.output_fingerprint == second.output_fingerprint) {
        return result;
    }
    result.unstable = true;
    std::string text =
        "the result changed between two identical runs: undefined behaviour such as a read past the end of a buffer, "
        "a read of memory no work-item wrote, or work-items racing for the same element. The same inputs must give "
        "the same bits. ";
    if (first.ok && second.ok) {
        text +=
            "Both results were within the tolerance, but their bits differ: look for a value read before it is "
            "written (an index past an input's end, local memory no work-item wrote, or a missing barrier).";
    } else {
        text += fmt::format("The {} run: {}", first.ok ? "second" : "first", first.ok ? second.problem : first.problem);
    }
    result.verdict.ok = false;
    result.verdict.problem = text;
    result.verdict.repeating.clear();
    return result;
}

}  // namespace course
