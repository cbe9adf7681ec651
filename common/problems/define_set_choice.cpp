#include "problems/define_set_choice.hpp"

#include "harness/source_identifiers.hpp"

#include <fmt/format.h>

namespace course {

std::vector<DefineSet> checked_define_sets(const LabSpec& spec, const Defines& overrides) {
    if (overrides.empty()) return spec.define_sets;
    Defines defines = spec.defines;
    defines.merge(overrides);
    return {{"command line", defines, ""}};
}

std::string unused_extension(const DefineSet& set, const std::string& source) {
    if (!is_extension_set(set) || uses_identifier(source, set.only_if_used)) return {};
    return fmt::format("the kernel file does not use {}, so the lab's optional extension is not graded",
                       set.only_if_used);
}

}  // namespace course
