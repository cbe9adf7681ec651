#include "analysis_helpers.hpp"

#include <algorithm>
#include <sstream>

namespace checker::testing {

std::vector<BarrierFinding> analyse(const std::string& source,
                                    std::vector<std::pair<std::string, std::string>> defines) {
    StaticAnalysisInput input;
    input.display_path = "test.cl";
    input.source = source;
    input.defines = std::move(defines);
    return barrier_findings(input);
}

std::size_t count_rule(const std::vector<BarrierFinding>& findings, const std::string& rule) {
    return static_cast<std::size_t>(std::count_if(findings.begin(), findings.end(),
                                                  [&](const BarrierFinding& finding) { return finding.rule == rule; }));
}

bool has_finding(const std::vector<BarrierFinding>& findings, const std::string& rule, unsigned line) {
    return std::any_of(findings.begin(), findings.end(),
                       [&](const BarrierFinding& finding) { return finding.rule == rule && finding.line == line; });
}

std::size_t count_errors(const std::vector<BarrierFinding>& findings) {
    return static_cast<std::size_t>(std::count_if(findings.begin(), findings.end(), [](const BarrierFinding& finding) {
        return finding.severity == FindingSeverity::error;
    }));
}

std::string describe(const std::vector<BarrierFinding>& findings) {
    std::ostringstream text;
    for (const BarrierFinding& finding : findings)
        text << finding.file << ":" << finding.line << ":" << finding.column << " " << finding.rule << ": "
             << finding.message << "\n";
    return text.str();
}

unsigned line_of(const std::string& source, const std::string& marker) {
    std::istringstream lines(source);
    std::string line;
    unsigned number = 0;
    while (std::getline(lines, line)) {
        ++number;
        if (line.find(marker) != std::string::npos) return number;
    }
    return 0;
}

}  // namespace checker::testing
