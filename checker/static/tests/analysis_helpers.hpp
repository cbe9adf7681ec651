// Helpers for the tests: analyse a kernel given as a string and ask about the findings.
#pragma once

#include "barrier_findings.hpp"

#include <string>
#include <utility>
#include <vector>

namespace checker::testing {

// Analyses `source` as "test.cl" with TILE_SIZE=16 unless `defines` says otherwise.
std::vector<BarrierFinding> analyse(const std::string& source,
                                    std::vector<std::pair<std::string, std::string>> defines = {{"TILE_SIZE", "16"}});

std::size_t count_rule(const std::vector<BarrierFinding>& findings, const std::string& rule);
bool has_finding(const std::vector<BarrierFinding>& findings, const std::string& rule, unsigned line);
std::size_t count_errors(const std::vector<BarrierFinding>& findings);
// One line per finding, for failure output: "12 missing-barrier-read-after-write: ...".
std::string describe(const std::vector<BarrierFinding>& findings);

// The 1-based line of the first line of `source` containing `marker`; 0 when absent.
unsigned line_of(const std::string& source, const std::string& marker);

}  // namespace checker::testing
