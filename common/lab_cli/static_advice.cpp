#include "static_advice.hpp"

#include "util/text_escape.hpp"
#include "util/text_wrap.hpp"

#ifdef LAB_HAVE_STATIC_ANALYSIS
#include "barrier_findings.hpp"
#endif

#include <fmt/format.h>

namespace course {

std::vector<StaticError> static_errors(const KernelSource& source, const Defines& defines) {
    std::vector<StaticError> errors;
#ifdef LAB_HAVE_STATIC_ANALYSIS
    checker::StaticAnalysisInput input;
    input.display_path = source.display_path;
    input.source = source.text;
    for (const auto& define : defines.items()) input.defines.emplace_back(define.name, define.value);
    for (const auto& finding : checker::barrier_findings(input)) {
        if (finding.severity != checker::FindingSeverity::error || finding.rule == checker::rules::parse_error) continue;
        errors.push_back({finding.line, finding.message});
    }
#else
    (void)source;
    (void)defines;
#endif
    return errors;
}

void print_static_errors(const std::vector<StaticError>& errors, const std::string& heading) {
    if (errors.empty()) return;
    fmt::print("\n{}\n", wrapped(heading, 100, 0));
    for (const auto& error : errors) {
        fmt::print("{}", wrapped(fmt::format("line {}: {}", error.line, printable_text(error.message)), 100, 2));
    }
}

}  // namespace course
