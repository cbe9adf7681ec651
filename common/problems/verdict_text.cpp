#include "problems/verdict_text.hpp"

#include <fmt/format.h>

namespace course {

namespace {

std::string hint(const Comparison& comparison) {
    if (!comparison.first) return {};
    switch (comparison.first->kind) {
        case MismatchKind::never_written:
            return " No work-item stored this element: check the store's index, and that the NDRange and the edge"
                   " guards cover the whole output. (A kernel that adds into the output, c[...] += ..., instead of"
                   " storing a sum it computed in a private variable also leaves it like this: outputs start as"
                   " NaN here, never as 0.)";
        case MismatchKind::read_outside:
            return " Some work-item read past the end (or before the start) of an input: guard the loads with the"
                   " matrix bounds, and load 0 outside them where a sum needs it. To find the line, run the same"
                   " command under Oclgrind (`oclgrind build/common/lab run ... --no-timing` with a small --size):"
                   " there the inputs are exactly their size, and every read past one is named with its line.";
        case MismatchKind::unwritten_local:
            return " Every check starts with __local memory full of NaN, so a read past the end of a __local array"
                   " (a loop bound or an index larger than the array: TILE_SIZE, not a literal), or of a tile element"
                   " whose load was skipped (an early return, a load under a condition), shows up here. On a GPU it"
                   " reads whatever another work-group or variable left there.";
        case MismatchKind::not_a_number:
            return " A NaN usually comes from reading memory that was never written (a local tile not fully loaded).";
        case MismatchKind::wrong_value:
            return " Compare this element with the formula in the contract: a swapped index, a wrong row length"
                   " (stride), or a missing term at an edge are the usual causes.";
    }
    return {};
}

}  // namespace

std::string verdict_text(const Comparison& comparison, const GuardDamage& damage, const OutputShape& output) {
    const bool padded =
        output.padded_rows > 0 && (output.padded_rows != output.rows || output.padded_cols != output.cols);
    std::string text = padded ? describe_guard_damage(damage, output.name, output.padded_rows, output.padded_cols)
                              : describe_guard_damage(damage, output.name, output.rows, output.cols);
    if (!comparison.ok()) {
        if (!text.empty()) text += "\n";
        text += describe_mismatch(comparison, output.name, output.rows, output.cols) + hint(comparison);
        if (padded) {
            text += fmt::format(
                " (The host padded the problem to whole tiles: your kernel wrote a {}×{} {}, of which "
                "the top-left {}×{} is checked.)",
                output.padded_rows, output.padded_cols, output.name, output.rows, output.cols);
        }
    }
    // The map last: the first sentence stays the summary a report quotes.
    if (!text.empty() && !comparison.map.empty()) {
        text += "\n" + comparison.map.drawn(output.name, damage, padded ? output.padded_cols : output.cols);
    }
    return text;
}

std::string repeating_failure(const Comparison& comparison, const GuardDamage& damage, const std::string& name) {
    if (comparison.ok() || damage.any()) return {};
    if (comparison.never_written == comparison.checked) return fmt::format("no element of {} was written", name);
    if (comparison.zeros == comparison.checked) return fmt::format("every element of {} was 0", name);
    if (comparison.first && comparison.first->kind == MismatchKind::unwritten_local) {
        return fmt::format("{} holds values read from __local memory that no work-item wrote", name);
    }
    return {};
}

}  // namespace course
