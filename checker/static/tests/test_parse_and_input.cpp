// Rule parse-error, and how the input is used: defines, include directories, display path,
// several kernels in one file, helper functions that are never called.
#include "analysis_helpers.hpp"
#include "translation_unit.hpp"

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <string>

using namespace checker::testing;
namespace rules = checker::rules;

TEST_CASE("parse-error: one finding per compiler error, with its line") {
    std::string source = R"CL(
__kernel void broken(__global float* x)
{
    float y = x[0]  // MARK missing semicolon
    x[1] = y;
}
)CL";
    auto findings = analyse(source);
    INFO(describe(findings));
    REQUIRE(!findings.empty());
    CHECK(findings.front().rule == rules::parse_error);
    CHECK(findings.front().severity == checker::FindingSeverity::error);
    CHECK(findings.front().line >= line_of(source, "MARK"));
    CHECK(findings.front().line <= line_of(source, "MARK") + 1);
    CHECK(findings.front().message.find("expected ';'") != std::string::npos);
    CHECK(count_rule(findings, rules::parse_error) == findings.size());
}

TEST_CASE("input: defines reach the preprocessor") {
    std::string source = R"CL(
__kernel void uses_define(__global float* x)
{
    __local float tile[TILE_SIZE];
    tile[get_local_id(0)] = x[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    x[get_global_id(0)] = tile[TILE_SIZE - 1 - get_local_id(0)];
}
)CL";
    CHECK(analyse(source, {{"TILE_SIZE", "32"}}).empty());
    CHECK(count_rule(analyse(source, {}), rules::parse_error) >= 1);
}

TEST_CASE("input: an #include is refused even where the header exists, and findings name the display path") {
    // Kernel files are self-contained (common/harness/self_contained_source.hpp): the analysis does not
    // read an included file, it reports the file as one it cannot vouch for.
    namespace fs = std::filesystem;
    fs::path directory = fs::temp_directory_path() / "checker_static_test_include";
    fs::create_directories(directory);
    std::ofstream(directory / "tile_size.h") << "#define TILE 16\n";

    checker::StaticAnalysisInput input;
    input.display_path = "labs/02-transpose-local/transpose.cl";
    input.source = R"CL(#include "tile_size.h"
__kernel void k(__global float* x)
{
    __local float tile[16];
    tile[get_local_id(0)] = x[get_global_id(0)];
    x[get_global_id(0)] = tile[15 - get_local_id(0)];
}
)CL";
    input.include_dirs = {directory.string()};
    auto findings = checker::barrier_findings(input);
    fs::remove_all(directory);
    INFO(describe(findings));
    REQUIRE(count_rule(findings, rules::parse_error) >= 1);
    CHECK(findings[0].file == "labs/02-transpose-local/transpose.cl");
    CHECK(findings[0].line == 1);
}

TEST_CASE("input: the analysis reads what the build compiles: an IDE's include and #line left out") {
    // The GPGPUTasks course template's header: the include is in a branch no build takes, and #line 100
    // would move every line. The race below must be found at the file's own lines, 9 and 10.
    const std::string source = R"CL(#ifdef __CLION_IDE__
#include <libgpu/opencl/cl/clion_defines.cl>
#endif
#line 100
__kernel void k(__global float* x)
{
    __local float tile[16];
    const uint i = get_local_id(0);
    tile[i] = x[get_global_id(0)];
    x[get_global_id(0)] = tile[15 - i];
}
)CL";
    const auto findings = analyse(source, {{"TILE_SIZE", "16"}});
    INFO(describe(findings));
    CHECK(count_rule(findings, rules::parse_error) == 0);  // the emptied #ifdef is no compiler-dependent test
    REQUIRE(count_rule(findings, rules::missing_barrier_read_after_write) == 1);
    CHECK(findings[0].line == 10);
}

TEST_CASE("input: an include in a branch the build may take is refused, and the file is not parsed") {
    // libclang is given -D__IMAGE_SUPPORT__: parsed, it would read the header.
    namespace fs = std::filesystem;
    const fs::path directory = fs::temp_directory_path() / "checker_static_test_maybe_include";
    fs::create_directories(directory);
    std::ofstream(directory / "kernel_body.h") << "__kernel void from_the_header() {}\n";
    checker::StaticAnalysisInput input;
    input.source = "#ifdef __IMAGE_SUPPORT__\n#include \"kernel_body.h\"\n#endif\n__kernel void k() {}\n";
    input.include_dirs = {directory.string()};
    const checker::barriers::KernelTranslationUnit unit(input);
    fs::remove_all(directory);
    CHECK(unit.kernel_definitions().empty());  // not parsed at all
    const auto errors = unit.errors();
    REQUIRE(errors.size() == 1);
    CHECK(errors[0].at.line == 2);
    CHECK(errors[0].text.find("a branch an OpenCL compiler may take") != std::string::npos);
}

TEST_CASE("input: a file that tests a compiler's own macro compiles: it is a warning that names the test, no error") {
    const std::string source = R"CL(#if __OPENCL_VERSION__ >= 200
#define LID get_local_id(0)
#else
#define LID get_local_id(0)
#endif
__kernel void k(__global float* x) { x[LID] = 1.0f; }
)CL";
    const auto findings = analyse(source, {});
    INFO(describe(findings));
    REQUIRE(findings.size() == 1);
    CHECK(findings[0].rule == std::string(rules::compiler_dependent_macro));
    CHECK(findings[0].severity == checker::FindingSeverity::warning);
    CHECK(findings[0].line == 1);
    CHECK(findings[0].message.find("Line 1 tests __OPENCL_VERSION__") != std::string::npos);
    CHECK(findings[0].message.find("reports an error") == std::string::npos);  // the file compiles
}

TEST_CASE("input: every kernel in the file is analysed, and only kernels") {
    std::string source = R"CL(
// Never called: not a kernel, so its barrier is not judged on its own.
void unused_helper(void)
{
    if (get_local_id(0) == 0)
        barrier(CLK_LOCAL_MEM_FENCE);
}

__kernel void first(__global float* x)
{
    __local float s[64];
    s[get_local_id(0)] = x[get_global_id(0)];
    x[get_global_id(0)] = s[63 - get_local_id(0)];  // MARK first
}

__kernel void second(__global float* x)
{
    if (get_global_id(0) > 100)
        return;  // MARK second
    barrier(CLK_LOCAL_MEM_FENCE);
}
)CL";
    auto findings = analyse(source);
    INFO(describe(findings));
    CHECK(has_finding(findings, rules::missing_barrier_read_after_write, line_of(source, "MARK first")));
    CHECK(has_finding(findings, rules::divergent_exit_before_barrier, line_of(source, "MARK second")));
    CHECK(count_rule(findings, rules::barrier_in_divergent_branch) == 0);
}

TEST_CASE("input: an empty file or a file without kernels has no findings") {
    CHECK(analyse("").empty());
    CHECK(analyse("float helper(float x) { return x * 2.0f; }\n").empty());
}
