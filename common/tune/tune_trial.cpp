#include "tune/tune_trial.hpp"

#include "problems/lab_session.hpp"
#include "harness/program_build.hpp"
#include "tune/tune_space.hpp"
#include "util/user_error.hpp"

#include <fmt/format.h>

namespace course {

namespace {

// The first sentence of a message, cut to a length that fits a table row.
std::string one_line(const std::string& text, std::size_t limit = 160) {
    std::string line = text.substr(0, text.find('\n'));
    const auto sentence_end = line.find(". ");
    if (sentence_end != std::string::npos) line = line.substr(0, sentence_end + 1);
    if (line.size() > limit) line = line.substr(0, limit - 3) + "...";
    return line;
}

}  // namespace

Trial prepare_trial(ClSession& session, const std::filesystem::path& root, const LabSpec& spec,
                    const KernelSet& kernels, const Defines& overrides, const std::vector<ProblemSize>& check_sizes,
                    const ProblemSize& timed, std::uint64_t seed, const std::function<void()>& built) {
    Defines defines = spec.defines;
    defines.merge(overrides);
    std::vector<ProblemSize> sizes = check_sizes;
    sizes.push_back(timed);
    for (const auto& size : sizes) {
        const std::string why = geometry_rejection(spec.geometry, defines, Extents{size.m, size.n, size.k});
        if (!why.empty()) return {nullptr, "the geometry does not allow it: " + why};
    }

    Trial trial;
    try {
        trial.problem = open_lab(session, root, spec, kernels, overrides);
    } catch (const KernelBuildError& error) {
        const std::string message = first_build_error(error.log());
        return {nullptr, "does not build: " + (message.empty() ? one_line(error.parts().happened) : message)};
    } catch (const UserError& error) {
        return {nullptr, one_line(error.parts().happened)};
    }

    if (built) built();
    const SizeForm form = trial.problem->size_form();
    for (const auto& size : check_sizes) {
        SizeVerdict verdict;
        try {
            verdict = trial.problem->check(size, seed);
        } catch (const UserError& error) {
            return {nullptr, "the device cannot run it: " + one_line(error.parts().happened)};
        }
        if (!verdict.ok) {
            return {nullptr, fmt::format("wrong result at {}: {}", size_text(size, form), one_line(verdict.problem))};
        }
    }
    return trial;
}

}  // namespace course
