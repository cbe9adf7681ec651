// full clone only: its correct kernels answer labs; the student edition leaves this file out.
// Issue 15: barriers under work-group-uniform conditions, async copies, write-after-read in one
// step, flat views of 2-D __local arrays, and the unneeded-barrier rule never advising a race.
#include "analysis_helpers.hpp"

#include <doctest/doctest.h>

using namespace checker::testing;
namespace rules = checker::rules;

namespace {

// A lab-04 tile loop; STEP_END is what ends a step (after the multiply), LOAD_END what follows
// the loads.
std::string tile_loop(const std::string& load_end, const std::string& step_end) {
    return R"CL(
__kernel void matmul(__global const float* a, __global const float* b, __global float* c,
                     uint M, uint K, uint N)
{
    __local float As[16][16];
    __local float Bs[16][16];
    const uint lx = get_local_id(0), ly = get_local_id(1);
    const uint row = get_global_id(1), col = get_global_id(0);
    const uint steps = (K + 15) / 16;
    float sum = 0.0f;
    for (uint t = 0; t < steps; ++t) {
        As[ly][lx] = (row < M && t * 16 + lx < K) ? a[row * K + t * 16 + lx] : 0.0f;
        Bs[ly][lx] = (t * 16 + ly < K && col < N) ? b[(t * 16 + ly) * N + col] : 0.0f;
        )CL" + load_end + R"CL(
        for (uint k = 0; k < 16; ++k) sum += As[ly][k] * Bs[k][lx];
        )CL" + step_end + R"CL(
    }
    if (row < M && col < N) c[row * N + col] = sum;
}
)CL";
}

const std::string barrier = "barrier(CLK_LOCAL_MEM_FENCE);";

}  // namespace

TEST_CASE("uniform conditions: a barrier under them is not a finding, nor are the ones beside it unneeded") {
    for (const char* condition : {"t + 1 < steps", "K > 0", "steps != 0 && t < steps - 1", "M > 0"}) {
        INFO(condition);
        std::string guarded = std::string("if (") + condition + ") " + barrier;
        auto at_end = analyse(tile_loop(barrier, guarded));
        INFO(describe(at_end));
        CHECK(at_end.empty());
        auto after_load = analyse(tile_loop(guarded, barrier));
        INFO(describe(after_load));
        CHECK(after_load.empty());
    }
}

TEST_CASE("uniform conditions: the barriers are still needed, and a missing one is still found") {
    // Without the guarded barrier the write-after-read across steps is back.
    auto without = analyse(tile_loop(barrier, ""));
    CHECK(count_rule(without, rules::missing_barrier_write_after_read) == 1);
    // A divergent condition is still an error.
    auto divergent = analyse(tile_loop(barrier, "if (lx + 1 < 16) " + barrier));
    CHECK(count_rule(divergent, rules::barrier_in_divergent_branch) == 1);
}

TEST_CASE("uniform conditions: a barrier inside if (more) of a double-buffered loop") {
    std::string source = R"CL(
__kernel void prefetch(__global const float* in, __global float* out, uint steps)
{
    __local float tile[2][64];
    const uint lid = get_local_id(0);
    tile[0][lid] = in[lid];
    barrier(CLK_LOCAL_MEM_FENCE);
    float acc = 0.0f;
    for (uint t = 0; t < steps; ++t) {
        const uint cur = t & 1, nxt = cur ^ 1;
        acc += tile[cur][63 - lid];
        const bool more = t + 1 < steps;
        if (more) {
            tile[nxt][lid] = in[(t + 1) * 64 + lid];
            barrier(CLK_LOCAL_MEM_FENCE);  // MARK
        }
    }
    out[get_global_id(0)] = acc;
}
)CL";
    auto findings = analyse(source);
    INFO(describe(findings));
    CHECK(findings.empty());
    // Taking that barrier out is a race: it must not have been called unneeded.
    std::string broken = source;
    broken.replace(broken.find("barrier(CLK_LOCAL_MEM_FENCE);  // MARK"), barrier.size(), "(void)0;");
    CHECK(count_errors(analyse(broken)) > 0);
}

TEST_CASE("unneeded-barrier: never for a barrier whose removal only creates races that are not errors") {
    SUBCASE("a read then a write of other elements in one step, by some work-items only") {
        std::string source = R"CL(
__kernel void shift(__global const float* in, __global float* out)
{
    __local float s[128];
    const uint lid = get_local_id(0);
    s[lid] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    float v = s[lid + 1];
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid % 2 == 0) s[lid] = v;
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = s[lid ^ 1];
}
)CL";
        auto findings = analyse(source);
        INFO(describe(findings));
        CHECK(findings.empty());
    }
    SUBCASE("a barrier after wait_group_events") {
        std::string source = R"CL(
__kernel void copy(__global const float* in, __global float* out)
{
    __local float tile[64];
    event_t e = async_work_group_copy(tile, in + get_group_id(0) * 64, 64, 0);
    wait_group_events(1, &e);
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = tile[63 - get_local_id(0)];
}
)CL";
        auto findings = analyse(source);
        INFO(describe(findings));
        CHECK(findings.empty());
    }
}

TEST_CASE("async copies: waited for, double-buffered, and the races they can make") {
    SUBCASE("double-buffered copies into the other half, waited for and fenced: clean") {
        std::string source = R"CL(
__kernel void k(__global const float* in, __global float* out, uint steps)
{
    __local float tile[2][64];
    const uint lid = get_local_id(0);
    event_t e = async_work_group_copy(tile[0], in, 64, 0);
    wait_group_events(1, &e);
    float acc = 0.0f;
    for (uint t = 0; t < steps; ++t) {
        const uint cur = t & 1;
        event_t next = 0;
        if (t + 1 < steps) next = async_work_group_copy(tile[cur ^ 1], in + (t + 1) * 64, 64, 0);
        acc += tile[cur][63 - lid];
        wait_group_events(1, &next);
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    out[get_global_id(0)] = acc;
}
)CL";
        auto findings = analyse(source);
        INFO(describe(findings));
        CHECK(findings.empty());
    }
    SUBCASE("reading the destination before wait_group_events") {
        std::string source = R"CL(
__kernel void k(__global const float* in, __global float* out)
{
    __local float tile[64];
    event_t e = async_work_group_copy(tile, in + get_group_id(0) * 64, 64, 0);
    float early = tile[63 - get_local_id(0)];  // MARK
    wait_group_events(1, &e);
    out[get_global_id(0)] = early;
}
)CL";
        auto findings = analyse(source);
        INFO(describe(findings));
        REQUIRE(has_finding(findings, rules::missing_barrier_read_after_write, line_of(source, "MARK")));
        CHECK(findings[0].message.find("wait_group_events") != std::string::npos);
    }
    SUBCASE("the next step's copy overwrites a tile others still read (no barrier at the end of the step)") {
        std::string source = R"CL(
__kernel void k(__global const float* in, __global float* out, uint steps)
{
    __local float tile[64];
    float acc = 0.0f;
    for (uint t = 0; t < steps; ++t) {
        event_t e = async_work_group_copy(tile, in + t * 64, 64, 0);  // MARK
        wait_group_events(1, &e);
        acc += tile[63 - get_local_id(0)];
    }
    out[get_global_id(0)] = acc;
}
)CL";
        CHECK(has_finding(analyse(source), rules::missing_barrier_write_after_read, line_of(source, "MARK")));
    }
    SUBCASE("copying out a tile before the barrier after the work-items' stores") {
        std::string source = R"CL(
__kernel void k(__global const float* in, __global float* out)
{
    __local float tile[64];
    tile[get_local_id(0)] = in[get_global_id(0)] * 2.0f;
    event_t e = async_work_group_strided_copy(out + get_group_id(0), tile, 64, 2, 0);  // MARK
    wait_group_events(1, &e);
}
)CL";
        CHECK(has_finding(analyse(source), rules::missing_barrier_read_after_write, line_of(source, "MARK")));
    }
}

TEST_CASE("write-after-read in one step: a stash into the half being read, and a strided store loop") {
    std::string source = R"CL(
#define THREADS 64
__kernel void k(__global const float* in, __global float* out, uint steps)
{
    __local float tile[2][256];
    const uint lid = get_local_id(0);
    for (uint i = lid; i < 256; i += THREADS) tile[0][i] = in[i];
    barrier(CLK_LOCAL_MEM_FENCE);
    float acc = 0.0f;
    for (uint t = 0; t < steps; ++t) {
        const uint cur = t % 2;
        for (uint i = 0; i < 256; ++i) acc += tile[cur][i];
        for (uint i = lid; i < 256; i += THREADS)
            tile[cur][i] = in[(t + 1) * 256 + i];  // MARK
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    out[get_global_id(0)] = acc;
}
)CL";
    auto findings = analyse(source);
    INFO(describe(findings));
    CHECK(has_finding(findings, rules::missing_barrier_write_after_read, line_of(source, "MARK")));
    // Into the other half it is right.
    std::string fixed = source;
    fixed.replace(fixed.find("tile[cur][i] = in"), std::string("tile[cur][i]").size(), "tile[1 - cur][i]");
    auto clean = analyse(fixed);
    INFO(describe(clean));
    CHECK(clean.empty());
}

TEST_CASE("write-after-read in one step: not for one fixed slot read by everyone before they store") {
    std::string source = R"CL(
__kernel void normalise(__global const float* in, __global float* out)
{
    __local float s[65];
    const uint lid = get_local_id(0);
    s[lid] = in[get_global_id(0)];
    if (lid == 0) {
        float total = 0.0f;
        for (int i = 0; i < 64; ++i) total += in[get_group_id(0) * 64 + i];
        s[64] = total;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    const float total = s[64];
    s[lid] = s[lid] / total;
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = s[63 - lid];
}
)CL";
    auto findings = analyse(source);
    INFO(describe(findings));
    CHECK(findings.empty());
}

TEST_CASE("flat views of a 2-D __local array are the same elements") {
    std::string source = R"CL(
__kernel void k(__global const float* in, __global float* out)
{
    __local float As[16][16];
    const uint lx = get_local_id(0), ly = get_local_id(1);
    __local float* p = (__local float*)As;
    p[ly * 16 + lx] = in[get_global_id(1) * 16 + lx];
    const float mine = As[ly][lx];  // the work-item's own element: no barrier needed
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(1) * 16 + lx] = mine + *(&As[0][0] + lx * 16 + ly);
}
)CL";
    auto findings = analyse(source);
    INFO(describe(findings));
    CHECK(findings.empty());
    // Without the barrier, the transposed read through the other view is a race.
    std::string broken = source;
    broken.replace(broken.find(barrier), barrier.size(), "(void)0;");
    CHECK(count_rule(analyse(broken), rules::missing_barrier_read_after_write) == 1);
}

TEST_CASE("per-work-item __local accumulators need no barrier of their own") {
    std::string source = R"CL(
#define W 4
__kernel void k(__global const float* in, __global float* out, uint steps)
{
    __local float tile[64];
    __local float acc[16][64];
    const uint lx = get_local_id(0), ly = get_local_id(1);
    for (int w = 0; w < W; ++w) acc[ly][lx + w * 16] = 0.0f;
    for (uint t = 0; t < steps; ++t) {
        if (ly == 0) tile[lx] = in[t * 16 + lx];
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int w = 0; w < W; ++w) acc[ly][lx + w * 16] += tile[(lx + w) % 16];
        if (t + 1 < steps) barrier(CLK_LOCAL_MEM_FENCE);
    }
    for (int w = 0; w < W; ++w) out[get_global_id(1) * 64 + lx + w * 16] = acc[ly][lx + w * 16];
}
)CL";
    auto findings = analyse(source);
    INFO(describe(findings));
    CHECK(findings.empty());
}

TEST_CASE("per-work-item __local elements through loops with different counters over the same range") {
    std::string source = R"CL(
#define W 4
#define G 16
__kernel void k(__global const float* in, __global float* out)
{
    __local float acc[16][64];
    const uint lx = get_local_id(0), ly = get_local_id(1);
    for (int w = 0; w < W; ++w) acc[ly][lx + w * G] = 0.0f;
    for (int v = 0; v < W; ++v) acc[ly][lx + v * G] += in[get_global_id(1) * 64 + lx + v * G];
    for (int u = 0; u < W; u++) out[get_global_id(1) * 64 + lx + u * G] = acc[ly][lx + u * G];
}
)CL";
    auto findings = analyse(source);
    INFO(describe(findings));
    CHECK(findings.empty());
    // Another work-item's element read back without a barrier is still a race.
    std::string other = source;
    other.replace(other.find("acc[ly][lx + u * G];"), std::string("acc[ly][lx + u * G]").size(), "acc[ly][63 - lx - u * G]");
    CHECK(count_rule(analyse(other), rules::missing_barrier_read_after_write) == 1);
    // A loop over another range is not the same element.
    std::string shorter = source;
    shorter.replace(shorter.find("u < W"), 5, "u < 2");
    CHECK(count_rule(analyse(shorter), rules::missing_barrier_read_after_write) == 1);
}

TEST_CASE("loops over the same range with no work-item id in the index share their elements") {
    // One work-item fills the tile in its loop, everyone reads it in another: a race.
    std::string source = R"CL(
__kernel void k(__global const float* in, __global float* out)
{
    __local float tile[16];
    const uint lid = get_local_id(0);
    if (lid == 0)
        for (int j = 0; j < 16; ++j) tile[j] = in[get_group_id(0) * 16 + j];
    float sum = 0.0f;
    for (int k = 0; k < 16; ++k) sum += tile[k];  // MARK
    out[get_global_id(0)] = sum;
}
)CL";
    CHECK(has_finding(analyse(source), rules::missing_barrier_read_after_write, line_of(source, "MARK")));
}

TEST_CASE("double buffers indexed by variables assigned in the step, declared outside the loop") {
    std::string source = R"CL(
__kernel void prefetch(__global const float* in, __global float* out, uint steps)
{
    __local float tile[2][64];
    const uint lid = get_local_id(0);
    uint cur, nxt;
    cur = 0;
    tile[cur][lid] = in[lid];
    barrier(CLK_LOCAL_MEM_FENCE);
    float acc = 0.0f;
    for (uint t = 0; t < steps; ++t) {
        cur = t & 1;
        nxt = cur ^ 1;
        if (t + 1 < steps) tile[nxt][lid] = in[(t + 1) * 64 + lid];
        for (uint i = 0; i < 64; ++i) acc += tile[cur][i];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    out[get_global_id(0)] = acc;
}
)CL";
    auto findings = analyse(source);
    INFO(describe(findings));
    CHECK(findings.empty());
    // The same with both halves the same is a race in one step.
    std::string same = source;
    same.replace(same.find("nxt = cur ^ 1;"), std::string("nxt = cur ^ 1;").size(), "nxt = cur;");
    CHECK(count_errors(analyse(same)) > 0);
}
