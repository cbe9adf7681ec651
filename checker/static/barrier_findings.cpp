// The pipeline: parse the file, then for each kernel build its analysis form, find divergent
// values, check that every work-item reaches every barrier, follow __local accesses between
// barriers, and try each barrier for whether it is needed.
#include "barrier_findings.hpp"

#include "barrier_intervals.hpp"
#include "control_divergence.hpp"
#include "divergence.hpp"
#include "finding_messages.hpp"
#include "ir/ir_builder.hpp"
#include "race_findings.hpp"
#include "translation_unit.hpp"
#include "unneeded_barriers.hpp"

#include <algorithm>
#include <exception>
#include <tuple>

namespace checker {

namespace {

// The build stage prints the compiler's whole output; a few errors are enough here.
constexpr std::size_t max_parse_errors = 10;

std::vector<BarrierFinding> parse_error_findings(const std::vector<barriers::CompileError>& errors,
                                                 const std::string& display_path) {
    std::vector<BarrierFinding> findings;
    for (const barriers::CompileError& error : errors) {
        if (findings.size() == max_parse_errors) break;
        BarrierFinding finding;
        const bool macro = !error.compiler_macro.empty();
        finding.severity = macro ? FindingSeverity::warning : FindingSeverity::error;
        finding.rule = macro ? rules::compiler_dependent_macro : rules::parse_error;
        finding.file = error.at.file.empty() ? display_path : error.at.file;
        finding.line = error.at.line;
        finding.column = error.at.column;
        finding.message = macro ? barriers::compiler_dependent_macro_message(error.compiler_macro, error.at.line)
                                : barriers::parse_error_message(error.text, error.at.line);
        findings.push_back(std::move(finding));
    }
    return findings;
}

std::vector<BarrierFinding> kernel_findings(const barriers::KernelTranslationUnit& unit, CXCursor kernel_cursor,
                                            const std::string& display_path) {
    using namespace barriers;
    KernelIr kernel = build_kernel_ir(unit.unit(), kernel_cursor, unit.main_file());
    Divergence divergence = analyse_divergence(kernel);
    ControlDivergenceReport control = find_divergent_control_flow(kernel, display_path);
    std::set<Conflict> conflicts = find_local_memory_conflicts(kernel, divergence, control);

    std::vector<BarrierFinding> findings = control.findings;
    for (BarrierFinding& finding : race_findings(kernel, conflicts, display_path))
        findings.push_back(std::move(finding));
    for (BarrierFinding& finding : unneeded_barrier_findings(kernel, divergence, control, display_path))
        findings.push_back(std::move(finding));
    return findings;
}

}  // namespace

std::vector<BarrierFinding> barrier_findings(const StaticAnalysisInput& input) {
    barriers::KernelTranslationUnit unit(input);
    const std::string& display_path = unit.main_file();
    std::vector<barriers::CompileError> errors = unit.errors();
    if (!errors.empty()) return parse_error_findings(errors, display_path);

    std::vector<BarrierFinding> findings;
    for (CXCursor kernel : unit.kernel_definitions()) {
        try {
            for (BarrierFinding& finding : kernel_findings(unit, kernel, display_path))
                findings.push_back(std::move(finding));
        } catch (const std::exception&) {
            // A construct the analysis does not understand: say nothing rather than something wrong.
        }
    }
    std::stable_sort(findings.begin(), findings.end(), [](const BarrierFinding& a, const BarrierFinding& b) {
        return std::tie(a.file, a.line, a.column, a.rule) < std::tie(b.file, b.line, b.column, b.rule);
    });
    return findings;
}

}  // namespace checker
