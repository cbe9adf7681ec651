// Runs every kernel of the mutant suite (checker/mutants/mutants.toml) through barrier_findings
// and checks the barrier stage's verdict, rule and line, and that only broken kernels get
// parse errors. The test runs from the source root (meson: workdir).
#include "analysis_helpers.hpp"
#include "../../tests/solution_edits.hpp"

#include <doctest/doctest.h>
#include <toml++/toml.h>

#include <chrono>
#include <fstream>
#include <sstream>

namespace {

using checker::BarrierFinding;
using mutants::read_text;
using checker::FindingSeverity;
using namespace checker::testing;

const char* suite_path = "checker/mutants/mutants.toml";

std::string verdict_of(const std::vector<BarrierFinding>& findings) {
    if (count_errors(findings) > 0) return "fail";
    return findings.empty() ? "pass" : "warn";
}

}  // namespace

TEST_CASE("mutant suite: every mutant gets the barrier verdict, rule and line mutants.toml expects") {
    toml::table suite = toml::parse_file(suite_path);
    const toml::array* mutants = suite["mutant"].as_array();
    REQUIRE(mutants != nullptr);
    REQUIRE(!mutants->empty());

    auto started = std::chrono::steady_clock::now();
    std::size_t checked = 0;
    for (const toml::node& entry : *mutants) {
        const toml::table& mutant = *entry.as_table();
        std::string file = mutant["file"].value_or(std::string());
        const std::string name = mutant["name"].value_or(std::string());
        std::string expected_verdict = mutant["barriers"].value_or(std::string());
        std::string expected_build = mutant["build"].value_or(std::string("pass"));
        INFO("mutant: " << (file.empty() ? name + " (lab " + mutant["lab"].value_or(std::string()) + "'s solution, edited)"
                                         : "checker/mutants/" + file));
        REQUIRE((file.empty() != name.empty()));
        REQUIRE((expected_verdict == "pass" || expected_verdict == "warn" || expected_verdict == "fail"));

        checker::StaticAnalysisInput input;
        if (file.empty()) {  // the lab's solution with the mutant's edits (checker/tests/solution_edits.hpp)
            const auto solution = mutants::solution_file(".", mutant["lab"].value_or(std::string()));
            REQUIRE(!solution.empty());
            const auto edited = mutants::apply_solution_edits(read_text(solution), mutants::solution_edits_of(mutant));
            INFO("not exactly once in " << solution.string() << ": " << edited.not_found);
            REQUIRE(edited.ok());
            input.display_path = solution.lexically_normal().string();
            input.source = edited.text;
        } else {
            input.display_path = "checker/mutants/" + file;
            input.source = read_text(input.display_path);
        }
        REQUIRE(!input.source.empty());
        input.defines = {{"TILE_SIZE", "16"}};
        if (const toml::table* defines = mutant["defines"].as_table()) {
            input.defines.clear();
            for (const auto& [name, value] : *defines)
                input.defines.emplace_back(std::string(name.str()), value.value_or(std::string()));
        }

        std::vector<BarrierFinding> findings = checker::barrier_findings(input);
        INFO("findings:\n" << describe(findings));
        CHECK(verdict_of(findings) == expected_verdict);
        CHECK((count_rule(findings, checker::rules::parse_error) > 0) == (expected_build == "fail"));
        for (const BarrierFinding& finding : findings) CHECK(finding.file == input.display_path);

        if (expected_verdict != "pass") {
            std::string rule = mutant["rule"].value_or(std::string());
            auto line = static_cast<unsigned>(mutant["line"].value_or(0));
            REQUIRE(!rule.empty());
            CHECK(has_finding(findings, rule, line));
            FindingSeverity reported = expected_verdict == "fail" ? FindingSeverity::error : FindingSeverity::warning;
            for (const BarrierFinding& finding : findings)
                if (finding.severity == reported) CHECK(finding.rule == rule);
        }
        ++checked;
    }
    CHECK(checked == mutants->size());
    double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    MESSAGE("analysed " << checked << " mutants in " << seconds << " s");
    CHECK(seconds < 10.0);
}

TEST_CASE("mutant suite: the analysis does not depend on TILE_SIZE") {
    // The reference kernels stay clean and the classic bugs stay found with another tile size.
    for (const char* file : {"02-transpose-local/correct_padded_tile.cl", "04-matmul-tiled/correct_padded_tiles.cl",
                             "04-matmul-tiled/correct_flat_tiles_fma.cl"}) {
        INFO(file);
        CHECK(analyse(read_text(std::string("checker/mutants/") + file), {{"TILE_SIZE", "8"}}).empty());
    }
    std::vector<BarrierFinding> findings = analyse(
        read_text("checker/mutants/04-matmul-tiled/missing_barrier_before_next_load.cl"), {{"TILE_SIZE", "32"}});
    CHECK(count_rule(findings, checker::rules::missing_barrier_write_after_read) == 1);
}
