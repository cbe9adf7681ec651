// Rule unneeded-barrier (a warning): a barrier whose removal would let no __local accesses of
// different work-items meet.
#include "analysis_helpers.hpp"

#include <doctest/doctest.h>

using namespace checker::testing;
namespace rules = checker::rules;
using checker::FindingSeverity;

TEST_CASE("unneeded-barrier: a kernel with no __local memory") {
    std::string source = R"CL(
__kernel void scale(__global float* x, float factor)
{
    x[get_global_id(0)] *= factor;
    barrier(CLK_LOCAL_MEM_FENCE);  // MARK
}
)CL";
    auto findings = analyse(source);
    INFO(describe(findings));
    REQUIRE(findings.size() == 1);
    CHECK(findings[0].rule == rules::unneeded_barrier);
    CHECK(findings[0].severity == FindingSeverity::warning);
    CHECK(findings[0].line == line_of(source, "MARK"));
    CHECK(findings[0].message.find("uses no __local memory") != std::string::npos);
}

TEST_CASE("unneeded-barrier: a global fence is not judged") {
    std::string source = R"CL(
__kernel void step(__global float* x)
{
    x[get_global_id(0)] += 1.0f;
    barrier(CLK_GLOBAL_MEM_FENCE);
    x[get_global_id(0) ^ 1] += 1.0f;
    barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
}
)CL";
    CHECK(analyse(source).empty());
}

TEST_CASE("unneeded-barrier: of two barriers in a row, one is reported") {
    std::string source = R"CL(
__kernel void reverse(__global const float* in, __global float* out)
{
    __local float s[64];
    s[get_local_id(0)] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);  // MARK
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = s[63 - get_local_id(0)];
}
)CL";
    auto findings = analyse(source);
    INFO(describe(findings));
    REQUIRE(findings.size() == 1);
    CHECK(findings[0].rule == rules::unneeded_barrier);
    CHECK(findings[0].line == line_of(source, "MARK"));
}

TEST_CASE("unneeded-barrier: after the last use of the tile") {
    std::string source = R"CL(
__kernel void reverse(__global const float* in, __global float* out)
{
    __local float s[64];
    s[get_local_id(0)] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = s[63 - get_local_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);  // MARK
}
)CL";
    auto findings = analyse(source);
    INFO(describe(findings));
    REQUIRE(findings.size() == 1);
    CHECK(has_finding(findings, rules::unneeded_barrier, line_of(source, "MARK")));
}

TEST_CASE("unneeded-barrier: barriers that are needed are not reported") {
    SUBCASE("a broadcast by one work-item") {
        std::string source = R"CL(
__kernel void broadcast(__global const float* in, __global float* out)
{
    __local float shared_value;
    if (get_local_id(0) == 0)
        shared_value = in[get_group_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = shared_value;
}
)CL";
        CHECK(analyse(source).empty());
    }
    SUBCASE("a barrier at the top of the tile loop protects the previous step") {
        std::string source = R"CL(
__kernel void tiles(__global const float* in, __global float* out, uint steps)
{
    __local float tile[64];
    const uint lid = get_local_id(0);
    float acc = 0.0f;
    for (uint t = 0; t < steps; ++t) {
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[lid] = in[t * 64 + lid];
        barrier(CLK_LOCAL_MEM_FENCE);
        acc += tile[63 - lid];
    }
    out[get_global_id(0)] = acc;
}
)CL";
        auto findings = analyse(source);
        INFO(describe(findings));
        CHECK(findings.empty());
    }
    SUBCASE("an in-place update read by a neighbour") {
        std::string source = R"CL(
__kernel void smooth(__global float* out)
{
    __local float s[65];
    s[get_local_id(0)] = 1.0f;
    barrier(CLK_LOCAL_MEM_FENCE);
    float next = s[get_local_id(0) + 1];
    barrier(CLK_LOCAL_MEM_FENCE);
    s[get_local_id(0)] = next;
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = s[(get_local_id(0) + 3) % 64];
}
)CL";
        auto findings = analyse(source);
        INFO(describe(findings));
        CHECK(findings.empty());
    }
}
