#include "end_to_end_table.hpp"

#include "util/text_wrap.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace course {

std::vector<HostMemory> host_memory_modes(const std::string& text) {
    if (text == "both") return {HostMemory::copy, HostMemory::zero_copy};
    return {parse_host_memory(text)};
}

void EndToEndTable::measure(const std::string& what, LabProblem& problem, ProblemSize size,
                            const std::vector<HostMemory>& modes, std::uint64_t seed) {
    for (const HostMemory mode : modes) {
        if (const auto timing = problem.end_to_end(size, mode, seed)) {
            rows_.push_back({what, size_text(size, problem.size_form()), *timing});
        }
    }
}

bool EndToEndTable::all_right() const {
    return std::all_of(rows_.begin(), rows_.end(), [](const Row& r) { return r.timing.wrong.empty(); });
}

void EndToEndTable::print() const {
    if (rows_.empty()) return;
    fmt::print("\nend to end (inputs in, kernel, result out; wall clock, median of {} after a warm-up):\n",
               rows_.front().timing.repetitions);
    fmt::print("  {:<28} {:<14} {:<10} {:>14} {:>12} {:>8}\n", "kernel", "size", "host mem", "end to end ms",
               "kernel ms", "kernel %");
    for (const Row& r : rows_) {
        const EndToEndTiming& t = r.timing;
        fmt::print("  {:<28} {:<14} {:<10} {:>14.3f} {:>12.3f} {:>7.0f}%\n", r.what, r.size,
                   host_memory_name(t.mode), t.end_to_end_seconds * 1e3, t.kernel_seconds * 1e3,
                   100.0 * t.kernel_seconds / t.end_to_end_seconds);
        if (!t.wrong.empty()) fmt::print("{}", wrapped("WRONG after the end-to-end runs: " + t.wrong, 100, 6));
    }
}

}  // namespace course
