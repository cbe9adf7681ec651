// The Oclgrind output parser and the findings made from it, on output captured
// from Oclgrind 21.10 running real mutant kernels (checker/tests/oclgrind_logs/).
#include "protocol/oclgrind_report.hpp"
#include "stages/accessed_array.hpp"
#include "stages/dynamic_findings.hpp"

#include <doctest/doctest.h>

#include <filesystem>
#include <algorithm>
#include <fstream>
#include <sstream>

using namespace labcheck;

namespace {

std::string log_text(const std::string& name) {
    std::ifstream in("checker/tests/oclgrind_logs/" + name);
    REQUIRE_MESSAGE(in.good(), "run the tests from the source root: " << name);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

DynamicContext context(const std::string& kernel) {
    return {"labs/04-matmul-tiled/matmul.cl", {kernel}, {}};
}

}  // namespace

TEST_CASE("divergence: a return before the barrier") {
    const auto output = parse_oclgrind_output(log_text("divergence_early_return.txt"));
    REQUIRE(output.diagnostics.size() == 2);
    const auto& d = output.diagnostics[0];
    CHECK(d.kind == OclgrindKind::divergence);
    CHECK(d.kernel == "transpose");
    CHECK(d.work_group == "(0,0,0)");
    CHECK(d.arrived == 544);
    CHECK(d.group_size == 1024);
    REQUIRE(d.accesses.size() == 1);
    CHECK(d.accesses[0].line == 15);
    CHECK(d.accesses[0].column == 5);
    CHECK(d.accesses[0].file == "input.cl");
    CHECK(d.accesses[0].source_line == "barrier(CLK_LOCAL_MEM_FENCE);");

    const auto findings = dynamic_findings(output, {"labs/02-transpose-local/transpose.cl", {"transpose"}, {}});
    REQUIRE(findings.size() == 1);  // two work-groups, one barrier: one finding, counted twice
    CHECK(findings[0].rule == "oclgrind-divergence");
    CHECK(findings[0].line == 15);
    CHECK(findings[0].file == "labs/02-transpose-local/transpose.cl");
    CHECK(findings[0].summary == "line 15: only 544 of 1024 work-items of a work-group reach this barrier");
    CHECK(findings[0].message.find("Barrier divergence at line 15 (`barrier(CLK_LOCAL_MEM_FENCE);`)") !=
          std::string::npos);
    CHECK(findings[0].message.find("do not return before it") != std::string::npos);
}

TEST_CASE("divergence: work-items at two different barriers") {
    const auto output = parse_oclgrind_output(log_text("divergence_different_barriers.txt"));
    REQUIRE(output.diagnostics.size() == 2);
    const auto& d = output.diagnostics[0];
    CHECK(d.context == "checking size 1x1x1 (seed 1)");
    REQUIRE(d.accesses.size() == 2);
    CHECK(d.accesses[0].entity == "Global(1,0,0) Local(1,0,0) Group(0,0,0)");
    CHECK(d.accesses[0].line == 32);
    CHECK(d.accesses[1].line == 28);
    const auto findings = dynamic_findings(output, context("matmul"));
    REQUIRE(findings.size() == 1);  // the same two barriers for every work-item: one finding
    CHECK(findings[0].line == 28);
    CHECK(findings[0].summary == "lines 28 and 32: work-items of one work-group wait at different barriers");
    CHECK(findings[0].message.find("Seen while checking size 1x1x1 (seed 1), 2 times in all.") != std::string::npos);
}

TEST_CASE("read-after-write race: the write, the read and both work-items") {
    const auto output = parse_oclgrind_output(log_text("race_read_after_write.txt"));
    REQUIRE(output.diagnostics.size() == 5);
    CHECK(output.diagnostics[0].kind == OclgrindKind::uninitialized);
    const auto& race = output.diagnostics[2];
    CHECK(race.kind == OclgrindKind::data_race);
    CHECK(race.memory == "local");
    REQUIRE(race.accesses.size() == 2);
    CHECK(race.accesses[0].is_load());  // Oclgrind saw this pair's read first
    CHECK(race.accesses[0].line == 19);
    CHECK(race.accesses[0].local_id() == "(0,1,0)");
    CHECK(race.accesses[0].group_id() == "(0,0,0)");
    CHECK(race.accesses[1].is_store());
    CHECK(race.accesses[1].line == 14);

    const auto findings = dynamic_findings(output, {"labs/02-transpose-local/transpose.cl", {"transpose"}, {}});
    REQUIRE(findings.size() == 2);                    // the races in either order are one problem
    CHECK(findings[0].rule == "oclgrind-data-race");  // races before uninitialised values
    CHECK(findings[0].line == 19);
    CHECK(findings[0].summary ==
          "lines 14 and 19: __local data written at line 14 and read at line 19 by other "
          "work-items with no barrier between");
    CHECK(findings[0].message.find("Put barrier(CLK_LOCAL_MEM_FENCE) after the writes at line 14 and before the "
                                   "reads at line 19") != std::string::npos);
    CHECK(findings[0].message.find("3 times in all") != std::string::npos);
    CHECK(findings[1].rule == "oclgrind-uninitialized");
}

TEST_CASE("write-after-read race: the next step's load overwrites a tile still being read") {
    const auto output = parse_oclgrind_output(log_text("race_write_after_read.txt"));
    CHECK(output.suppressed);
    const auto findings = dynamic_findings(output, context("matmul"));
    REQUIRE(!findings.empty());
    CHECK(findings[0].summary ==
          "lines 12 and 15: __local data written at line 12 and read at line 15 by other "
          "work-items with no barrier between");
    CHECK(findings[0].message.find("the missing one is at the end of each step") != std::string::npos);
    CHECK(findings.back().message.find("Oclgrind stopped reporting after its error limit") != std::string::npos);
}

TEST_CASE("out-of-bounds write far past a buffer") {
    const auto output = parse_oclgrind_output(log_text("invalid_write.txt"));
    REQUIRE(output.diagnostics.size() == 3);
    CHECK(output.diagnostics[0].kind == OclgrindKind::invalid_access);
    CHECK(output.diagnostics[0].memory == "global");
    const auto findings = dynamic_findings(output, context("matmul"));
    REQUIRE(findings.size() == 1);
    CHECK(findings[0].rule == "oclgrind-out-of-bounds");
    CHECK(findings[0].line == 18);
    CHECK(findings[0].summary == "line 18: write outside a buffer (Invalid write of size 4 at global memory)");
    CHECK(findings[0].message.find("3 times in all") != std::string::npos);
}

TEST_CASE("a float4 at a misaligned address is named as such, not as an access outside a buffer") {
    const auto output = parse_oclgrind_output(log_text("misaligned_float4.txt"));
    REQUIRE(output.diagnostics.size() == 4);
    CHECK(output.diagnostics[0].kind == OclgrindKind::misaligned);
    CHECK(output.suppressed);
    const auto findings = dynamic_findings(output, context("transpose"));
    REQUIRE(findings.size() == 2);  // the load at line 8 and the store at line 9, each seen twice
    CHECK(findings[0].rule == "oclgrind-misaligned");
    CHECK(findings[0].error);
    CHECK(findings[0].line == 8);
    CHECK(findings[0].summary == "line 8: a vector load at a misaligned address");
    CHECK(findings[1].line == 9);
    CHECK(findings[1].summary == "line 9: a vector store at a misaligned address");
    CHECK(findings[0].message.find("multiple of 4") != std::string::npos);
    CHECK(findings[0].message.find("vload4") != std::string::npos);
    CHECK(findings[0].message.find("Out-of-bounds") == std::string::npos);
    CHECK(findings[0].message.find("runs past the buffer") == std::string::npos);
}

TEST_CASE("uninitialised value stored: a tile element nobody loaded") {
    const auto findings =
        dynamic_findings(parse_oclgrind_output(log_text("uninitialized_store.txt")), context("matmul"));
    REQUIRE(findings.size() == 1);
    CHECK(findings[0].rule == "oclgrind-uninitialized");
    CHECK(findings[0].error);  // a value nobody wrote, stored to the output
    CHECK(findings[0].line == 18);
    CHECK(findings[0].message.find("Load 0 into tile elements outside the matrix") != std::string::npos);
}

TEST_CASE("a fatal simulator error is not a finding, and is kept for a retry") {
    const auto output = parse_oclgrind_output(log_text("fatal_unsupported_freeze.txt"));
    CHECK(output.diagnostics.empty());
    REQUIRE(output.simulator_errors.size() == 1);
    CHECK(output.simulator_errors[0] == "Unsupported instruction: freeze");
}

TEST_CASE("a kernel that is not the student's is named as another kernel") {
    const auto output = parse_oclgrind_output(log_text("invalid_write.txt"));
    const auto findings = dynamic_findings(output, {"labs/07-strassen/strassen.cl", {"strassen_split"}, {}});
    REQUIRE(findings.size() == 1);
    CHECK(findings[0].file.empty());
    CHECK(findings[0].message.find("line 18 of kernel matmul") != std::string::npos);
}

TEST_CASE("text that is not Oclgrind's is skipped") {
    const std::string noise =
        "some program output\n  indented with spaces\n\tKernel: not after a heading of ours\n"
        "Read-write data race at local memory address 0x10\n  but the body is not tab-indented\n\n";
    const auto output = parse_oclgrind_output(noise);
    CHECK(output.diagnostics.empty());
    CHECK(parse_oclgrind_output("").diagnostics.empty());
    CHECK(parse_oclgrind_output("\t\t\n\n\t").diagnostics.empty());
}

TEST_CASE("a read past an input names the line and the array, and says to check the bounds first") {
    // Oclgrind 21.10 on lab 01's question 5 (read before the bounds check), the input a exactly 3×3.
    const std::string source =
        "__kernel void transpose(__global const float* a, __global float* at, uint m, uint k)\n"
        "{\n"
        "    const uint i = get_global_id(0);\n"
        "    const uint j = get_global_id(1);\n"
        "    float v = a[j * k + i];\n"
        "    if (i < k && j < m)\n"
        "        at[i * m + j] = v;\n"
        "}\n";
    CHECK(identifier_at(source, 5, 15) == "a");
    CHECK(identifier_at(source, 5, 16).empty());   // '[': not an identifier
    CHECK(identifier_at(source, 5, 5) == "float");
    CHECK(identifier_at(source, 5, 6).empty());    // inside a word
    CHECK(identifier_at(source, 40, 1).empty());   // no such line
    CHECK(identifier_at(source, 5, 200).empty());  // past the line's end

    const auto output = parse_oclgrind_output(log_text("invalid_read.txt"));
    REQUIRE(output.diagnostics.size() == 2);
    CHECK(output.diagnostics[0].kind == OclgrindKind::invalid_access);
    DynamicContext with_source{"labs/01-transpose-naive/transpose.cl", {"transpose"}, source};
    const auto findings = dynamic_findings(output, with_source);
    REQUIRE(findings.size() == 1);
    CHECK(findings[0].rule == "oclgrind-out-of-bounds");
    CHECK(findings[0].line == 5);
    CHECK(findings[0].summary == "line 5: read past the end of input `a`");
    CHECK(findings[0].message.find("Out-of-bounds read at line 5 (`float v = a[j * k + i];`)") != std::string::npos);
    CHECK(findings[0].message.find("Check the bounds before reading") != std::string::npos);
    CHECK(findings[0].message.find("2 times in all") != std::string::npos);

    // Without the source text the array is not named, but the finding is the same.
    const auto unnamed = dynamic_findings(output, {"labs/01-transpose-naive/transpose.cl", {"transpose"}, {}});
    REQUIRE(unnamed.size() == 1);
    CHECK(unnamed[0].summary == "line 5: read past the end of an input matrix");
}

namespace {

// The student edition has no checker/mutants/: the cases that read a mutant's source skip there.
const doctest::skip needs_mutants(!std::filesystem::exists("checker/mutants"));

std::string mutant_source(const std::string& path) {
    std::ifstream in("checker/mutants/runtime/" + path);
    REQUIRE_MESSAGE(in.good(), "run the tests from the source root: " << path);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

}  // namespace

TEST_CASE("reads past a and past b on one line are two findings, each naming its array" * needs_mutants) {
    const auto output = parse_oclgrind_output(log_text("invalid_read_two_arrays.txt"));
    const DynamicContext context{"labs/03-matmul-naive/matmul.cl", {"matmul"},
                                 mutant_source("03-matmul-naive/oob_read_store_guard_only.cl")};
    const auto findings = dynamic_findings(output, context);
    REQUIRE(findings.size() == 2);
    CHECK(findings[0].summary == "line 12: read past the end of input `b`");
    CHECK(findings[1].summary == "line 12: read past the end of input `a`");
    CHECK(findings[0].line == 12);
    CHECK(findings[1].line == 12);
}

TEST_CASE("the uninitialised value a read past an input yields is not a second finding at that line" * needs_mutants) {
    const auto output = parse_oclgrind_output(log_text("invalid_read_tile_loads.txt"));
    REQUIRE(output.diagnostics.size() == 8);
    const DynamicContext context{"labs/04-matmul-tiled/matmul.cl", {"matmul"},
                                 mutant_source("04-matmul-tiled/oob_read_tile_loads_unguarded.cl")};
    const auto findings = dynamic_findings(output, context);
    REQUIRE(findings.size() == 2);
    CHECK(findings[0].summary == "line 20: read past the end of input `a`");
    CHECK(findings[1].summary == "line 21: read past the end of input `b`");
    for (const auto& f : findings) CHECK(f.rule == "oclgrind-out-of-bounds");
}

TEST_CASE("an index past one row of a 2-D array that stays inside it is a warning, one per line") {
    // Oclgrind 21.10 on a correct lab-04 kernel that loads its tiles as As[0][ly * TILE_SIZE + lx]
    // (a flat view): Oclgrind checks each dimension, the memory check finds nothing.
    const auto output = parse_oclgrind_output(log_text("array_bounds_flat_view.txt"));
    REQUIRE(output.diagnostics.size() == 4);
    CHECK(output.diagnostics[0].kind == OclgrindKind::array_bounds);
    CHECK(output.suppressed);
    const auto findings = dynamic_findings(output, context("matmul"));
    REQUIRE(findings.size() == 3);  // lines 10 and 11, whatever the index; then what was not checked
    CHECK(findings[0].rule == "oclgrind-array-bounds");
    CHECK_FALSE(findings[0].error);
    CHECK(findings[0].line == 10);
    CHECK(findings[0].summary ==
          "line 10 indexes past one row of a 2-D array but stays inside it: fine for a flat view, check it is what "
          "you meant");
    CHECK(findings[0].message.find("2 times in all") != std::string::npos);
    CHECK(findings[0].message.find("&As[0][0]") != std::string::npos);
    CHECK(findings[1].line == 11);
    CHECK_FALSE(findings[1].error);
    // Oclgrind stopped at its error limit: said as a warning of its own, not as a pass.
    CHECK(findings[2].rule == "oclgrind-error-limit");
    CHECK_FALSE(findings[2].error);
    for (const auto& f : findings) CHECK(f.file == "labs/04-matmul-tiled/matmul.cl");
}

TEST_CASE("an index past the whole array is an error, named with its array, and not also a warning") {
    // Oclgrind 21.10 on tile[ly][lx + 1] in an unpadded tile: rows 0..14 stay inside As (only the
    // per-dimension report), row 15 leaves it (an invalid write as well).
    const std::string source =
        "__kernel void matmul(__global const float* a, __global const float* b, __global float* c, uint M, uint K, "
        "uint N)\n{\n    __local float As[TILE_SIZE][TILE_SIZE];\n\n\n\n\n\n\n"
        "        As[ly][lx + 1] = (row < M && ka < K) ? a[row * K + ka] : 0.0f;\n";
    const auto output = parse_oclgrind_output(log_text("array_bounds_past_whole_tile.txt"));
    REQUIRE(output.diagnostics.size() == 4);
    CHECK(output.diagnostics[2].kind == OclgrindKind::invalid_access);
    CHECK(output.diagnostics[2].memory == "local");
    const auto findings = dynamic_findings(output, {"labs/04-matmul-tiled/matmul.cl", {"matmul"}, source});
    REQUIRE(findings.size() == 1);
    CHECK(findings[0].rule == "oclgrind-out-of-bounds");
    CHECK(findings[0].error);
    CHECK(findings[0].line == 10);
    CHECK(findings[0].summary == "line 10: write past the end of the __local array `As`");
    CHECK(findings[0].message.find("work-item (15,15,0)") != std::string::npos);

    // Without the source the array is not named; the verdict is the same.
    const auto unnamed = dynamic_findings(output, context("matmul"));
    REQUIRE(unnamed.size() == 1);
    CHECK(unnamed[0].summary == "line 10: write past the end of a __local array");
}

TEST_CASE("an uninitialised value copied within __local memory is a warning with its line, not an error" *
          needs_mutants) {
    // Oclgrind 21.10 on a correct lab-02 kernel that turns its whole tile into a second __local tile,
    // the slots past the matrix's edge included (nobody loaded those), and outputs only loaded slots.
    const auto output = parse_oclgrind_output(log_text("uninitialized_local_copy.txt"));
    REQUIRE(!output.diagnostics.empty());
    CHECK(output.diagnostics[0].kind == OclgrindKind::uninitialized);
    CHECK(output.diagnostics[0].memory == "local");
    const DynamicContext context{"labs/02-transpose-local/transpose.cl", {"transpose"},
                                 mutant_source("02-transpose-local/correct_turn_whole_tile.cl")};
    const auto findings = dynamic_findings(output, context);
    REQUIRE(findings.size() == 1);  // every slot of one line: one finding
    CHECK(findings[0].rule == "oclgrind-uninitialized-copy");
    CHECK_FALSE(findings[0].error);
    CHECK(findings[0].line == 23);
    CHECK(findings[0].file == "labs/02-transpose-local/transpose.cl");
    CHECK(findings[0].summary ==
          "line 23 copies __local data no work-item wrote: fine while it never reaches the output, check it is what "
          "you meant");
    CHECK(findings[0].message.find("Uninitialised value copied at line 23 (`turned[lx][r] = loaded[r][lx];") !=
          std::string::npos);
    CHECK(findings[0].message.find("This costs no points") != std::string::npos);
}

TEST_CASE("an uninitialised value that reaches the output stays an error, before the copies' warning" * needs_mutants) {
    // The same kernel with the last row of a never loaded: its output reads slots nobody wrote.
    const auto output = parse_oclgrind_output(log_text("uninitialized_local_copy_output.txt"));
    const DynamicContext context{"labs/02-transpose-local/transpose.cl", {"transpose"},
                                 mutant_source("02-transpose-local/bug_turn_whole_tile_last_row_unloaded.cl")};
    const auto findings = dynamic_findings(output, context);
    REQUIRE(findings.size() == 2);
    CHECK(findings[0].rule == "oclgrind-uninitialized");
    CHECK(findings[0].error);
    CHECK(findings[0].line == 28);
    CHECK(findings[0].summary == "line 28: Uninitialized value written to global memory");
    CHECK(findings[0].message.find("Load 0 into tile elements outside the matrix") != std::string::npos);
    CHECK(findings[1].rule == "oclgrind-uninitialized-copy");
    CHECK_FALSE(findings[1].error);
    CHECK(findings[1].line == 22);
}

TEST_CASE("the array an access names: the buffer a vload, vstore or cast reads through, not the builtin") {
    const std::string source =
        "float4 x = vload4(i, a);\n"
        "float4 y = vload4(0, a + off) + vload4(0, &b[row * K + k]);\n"
        "float4 z = *(__global const float4*)(a + i);\n"
        "float w = ((__global float4*)b)[i].x + (b + 1)[i];\n"
        "vstore4(v, 0, c + i); atomic_add(&count[0], 1); x = vload4 (k / 4,\n"
        "    (const __global float*) a_row + k);\n"
        "y = vload4(0, 4 + i); z = vload4(0, p\n";
    CHECK(accessed_array(source, 1, 12) == "a");
    CHECK(accessed_array(source, 2, 12) == "a");
    CHECK(accessed_array(source, 2, 33) == "b");
    CHECK(accessed_array(source, 3, 12) == "a");   // the `*` of a cast
    CHECK(accessed_array(source, 4, 11) == "b");   // the `(` of a cast
    CHECK(accessed_array(source, 4, 40) == "b");
    CHECK(accessed_array(source, 5, 1) == "c");
    CHECK(accessed_array(source, 5, 23) == "count");
    CHECK(accessed_array(source, 5, 53) == "a_row");  // arguments over two lines
    CHECK(accessed_array(source, 1, 3).empty());     // inside a word (`float4`)
    CHECK(accessed_array(source, 1, 8) == "x");      // a name that is no builtin is the array itself
    CHECK(accessed_array(source, 7, 5).empty());     // no name: a number
    CHECK(accessed_array(source, 7, 27) == "p");     // the call is not closed: the name is read all the same
    CHECK(accessed_array(source, 9, 1).empty());     // no such line
    CHECK(accessed_array(source, 1, 200).empty());   // past the line's end
}

TEST_CASE("a read past an input through vload4 names the input, once" * needs_mutants) {
    // Oclgrind 21.10 on a lab-03 kernel whose last vload4 of a row reads past its end (K = 5).
    const auto output = parse_oclgrind_output(log_text("invalid_read_vload4.txt"));
    const DynamicContext context{"labs/03-matmul-naive/matmul.cl", {"matmul"},
                                 mutant_source("03-matmul-naive/oob_read_vload4_row_tail.cl")};
    const auto findings = dynamic_findings(output, context);
    // The sum built from the bad read and stored to c is that read again, not a second finding.
    REQUIRE(findings.size() == 1);
    CHECK(findings[0].rule == "oclgrind-out-of-bounds");
    CHECK(findings[0].line == 14);
    CHECK(findings[0].summary == "line 14: read past the end of input `a`");
    CHECK(findings[0].message.find("input `a` (Invalid read of size 16 at global memory)") != std::string::npos);
}

TEST_CASE("a read past an input through a float4 pointer cast names the input" * needs_mutants) {
    // The same kernel reading `*(__global const float4*)(a + row * K + k)`: Oclgrind's column is the `*`.
    std::string source = mutant_source("03-matmul-naive/oob_read_vload4_row_tail.cl");
    const std::string call = "vload4(0, a + row * K + k)";
    source.replace(source.find(call), call.size(), "*(__global const float4*)(a + row * K + k)");
    const auto output = parse_oclgrind_output(log_text("invalid_read_float4_cast.txt"));
    const auto findings = dynamic_findings(output, {"labs/03-matmul-naive/matmul.cl", {"matmul"}, source});
    const auto read = std::find_if(findings.begin(), findings.end(), [](const Finding& f) {
        return f.summary.find("read past the end of") != std::string::npos;
    });
    REQUIRE(read != findings.end());
    CHECK(read->summary == "line 14: read past the end of input `a`");
    for (const auto& f : findings) CHECK(f.error);  // the misaligned float4 load is an error too
}

TEST_CASE("uninitialised values written to __local memory until Oclgrind's error limit are an error" * needs_mutants) {
    // Oclgrind 21.10 on lab 05's bug that sums into __local memory never set to zero, captured with
    // --max-errors 12 (labcheck uses 5000; lab 05's tiles pass it before the first store to c): the
    // reports are all copies into __local memory, and the store of the garbage to c never comes.
    const auto output = parse_oclgrind_output(log_text("uninitialized_local_sums_error_limit.txt"));
    CHECK(output.suppressed);
    REQUIRE(output.diagnostics.size() == 12);
    const DynamicContext context{"labs/05-matmul-thread-work/matmul.cl", {"matmul"},
                                 mutant_source("05-matmul-thread-work/uninitialised_local_accumulator.cl")};
    const auto findings = dynamic_findings(output, context);
    REQUIRE(findings.size() == 1);
    CHECK(findings[0].rule == "oclgrind-uninitialized");
    CHECK(findings[0].error);
    CHECK(findings[0].line == 33);
    CHECK(findings[0].summary ==
          "line 33 copies __local data no work-item wrote: so often that Oclgrind stopped before it could check the "
          "output");
    CHECK(findings[0].message.find("zero an accumulator first") != std::string::npos);
    CHECK(findings[0].message.find("Oclgrind stopped reporting after its error limit") != std::string::npos);
}
