// full clone only: its correct kernels answer labs; the student edition leaves this file out.
// __local memory reached through pointers the IR builder cannot follow to one array (a helper's
// returned pointer when its returns disagree, `?:` between tiles, pointer variables reassigned in
// branches, private arrays of __local pointers): the analysis is uncertain about every __local
// array such a pointer may reach. It never raises an error it cannot prove, and never calls a
// barrier unneeded that such an access could need. A helper returning one array's element is
// followed like an inlined value.
#include "analysis_helpers.hpp"

#include <doctest/doctest.h>

using namespace checker::testing;
namespace rules = checker::rules;

namespace {

// The lab-02 transpose whose tile element is reached through a helper returning a pointer;
// BARRIER is replaced by the barrier or by nothing.
std::string transpose_through_returned_pointer(const std::string& barrier) {
    return R"CL(
#define ROW_LENGTH (TILE_SIZE + 1)
__local float* element(__local float* tile, size_t r, size_t c)
{
    return tile + r * ROW_LENGTH + c;
}
__kernel void transpose(__global const float* a, __global float* at, uint m, uint k)
{
    __local float tile[TILE_SIZE][ROW_LENGTH];
    __local float* flat = (__local float*)tile;
    const size_t lx = get_local_id(0), ly = get_local_id(1);
    const size_t i = get_global_id(0), j = get_global_id(1);
    if (i < k && j < m)
        *element(flat, ly, lx + 1) = a[j * k + i];
    )CL" + barrier + R"CL(
    const size_t out_row = get_group_id(0) * TILE_SIZE + ly;
    const size_t out_col = get_group_id(1) * TILE_SIZE + lx;
    if (out_row < k && out_col < m)
        at[out_row * m + out_col] = tile[lx][ly + 1];  // READ
}
)CL";
}

}  // namespace

TEST_CASE("unfollowed pointers: a helper returning a pointer into the tile keeps its barrier") {
    auto findings = analyse(transpose_through_returned_pointer("barrier(CLK_LOCAL_MEM_FENCE);"));
    INFO(describe(findings));
    CHECK(findings.empty());
}

TEST_CASE("unfollowed pointers: a helper's returned pointer is followed, so its race is found") {
    std::string source = transpose_through_returned_pointer("");
    auto findings = analyse(source);
    INFO(describe(findings));
    CHECK(has_finding(findings, rules::missing_barrier_read_after_write, line_of(source, "READ")));
}

TEST_CASE("unfollowed pointers: a helper whose returns name different tiles") {
    auto kernel = [](const std::string& barrier) {
        return R"CL(
__local float* half_of(__local float* a, __local float* b, int second)
{
    if (second) return b;
    return a;
}
__kernel void swap_halves(__global const float* in, __global float* out)
{
    __local float lo[64];
    __local float hi[64];
    const int lid = get_local_id(0);
    half_of(lo, hi, get_group_id(0) & 1)[lid] = in[get_global_id(0)];
    )CL" + barrier + R"CL(
    out[get_global_id(0)] = lo[63 - lid] + hi[63 - lid];
}
)CL";
    };
    auto with_barrier = analyse(kernel("barrier(CLK_LOCAL_MEM_FENCE);"));
    INFO(describe(with_barrier));
    CHECK(with_barrier.empty());
    auto without = analyse(kernel(""));
    INFO(describe(without));
    CHECK(count_errors(without) == 0);  // cannot be proved: silence, Oclgrind may still see it
}

TEST_CASE("unfollowed pointers: ?: choosing between two tiles") {
    std::string source = R"CL(
__kernel void pick(__global const float* in, __global float* out, int use_b)
{
    __local float As[64];
    __local float Bs[64];
    const int lid = get_local_id(0);
    (use_b ? As : Bs)[lid] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = As[63 - lid] + Bs[63 - lid];
}
)CL";
    auto findings = analyse(source);
    INFO(describe(findings));
    CHECK(findings.empty());
}

TEST_CASE("unfollowed pointers: a pointer variable assigned in branches, and moved by +=") {
    std::string source = R"CL(
__kernel void pick(__global const float* in, __global float* out, int use_b)
{
    __local float As[128];
    __local float Bs[128];
    const int lid = get_local_id(0);
    __local float* dst;
    if (use_b) dst = Bs; else dst = As;
    dst += 64;
    dst[lid] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = As[127 - lid] + Bs[127 - lid];
}
)CL";
    auto findings = analyse(source);
    INFO(describe(findings));
    CHECK(findings.empty());
}

TEST_CASE("unfollowed pointers: a private array of __local pointers") {
    std::string source = R"CL(
__kernel void pick(__global const float* in, __global float* out)
{
    __local float As[64];
    __local float Bs[64];
    __local float* tiles[2] = {As, Bs};
    const int lid = get_local_id(0);
    tiles[get_group_id(0) & 1][lid] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = As[63 - lid] + Bs[63 - lid];
}
)CL";
    auto findings = analyse(source);
    INFO(describe(findings));
    CHECK(findings.empty());
}

TEST_CASE("unfollowed pointers: a __local pointer kernel argument is its own array") {
    auto kernel = [](const std::string& barrier) {
        return R"CL(
void stash(__local float* scratch, int i, float v) { scratch[i] = v; }
__kernel void reverse(__global const float* in, __global float* out, __local float* scratch)
{
    const int lid = get_local_id(0);
    stash(scratch, lid, in[get_global_id(0)]);
    )CL" + barrier + R"CL(
    out[get_global_id(0)] = scratch[get_local_size(0) - 1 - lid];  // READ
}
)CL";
    };
    auto with_barrier = analyse(kernel("barrier(CLK_LOCAL_MEM_FENCE);"));
    INFO(describe(with_barrier));
    CHECK(with_barrier.empty());
    std::string racy = kernel("");
    auto without = analyse(racy);
    INFO(describe(without));
    CHECK(has_finding(without, rules::missing_barrier_read_after_write, line_of(racy, "READ")));
}

TEST_CASE("unfollowed pointers: float4 views, vload4/vstore4 and .x of a __local float4 array") {
    std::string source = R"CL(
__kernel void shuffle(__global const float4* in, __global float* out)
{
    __local float flat[256];
    __local float4 quads[64];
    __local float4* view = (__local float4*)flat;
    const int lid = get_local_id(0);
    view[lid] = in[get_global_id(0)];
    vstore4(in[get_global_id(0)], lid, (__local float*)quads);
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = flat[255 - lid] + quads[63 - lid].x + vload4(63 - lid, flat).y;
}
)CL";
    auto findings = analyse(source);
    INFO(describe(findings));
    CHECK(findings.empty());
}

TEST_CASE("unfollowed pointers: a __local array of structs written whole and read by field") {
    std::string source = R"CL(
typedef struct { float value; int index; } Pair;
__kernel void pairs(__global const float* in, __global float* out)
{
    __local Pair p[64];
    const int lid = get_local_id(0);
    Pair mine = { in[get_global_id(0)], lid };
    p[lid] = mine;
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = p[63 - lid].value + (float)p[63 - lid].index;
}
)CL";
    auto findings = analyse(source);
    INFO(describe(findings));
    CHECK(findings.empty());
}

TEST_CASE("unfollowed pointers: __local memory declared in a helper does not compile") {
    std::string source = R"CL(
float helper(float v) { __local float s[64]; s[get_local_id(0)] = v; return s[0]; }
__kernel void k(__global float* x) { x[get_global_id(0)] = helper(x[get_global_id(0)]); }
)CL";
    auto findings = analyse(source);
    INFO(describe(findings));
    CHECK(count_rule(findings, rules::parse_error) >= 1);
}

TEST_CASE("unfollowed pointers: a float4 view of a float tile, read back by the same work-item") {
    std::string source = R"CL(
__kernel void own(__global const float4* in, __global float* out)
{
    __local float tile[256];
    __local float4* view = (__local float4*)tile;
    const int lid = get_local_id(0);
    view[lid] = in[get_global_id(0)];
    out[get_global_id(0)] = tile[4 * lid + 1];
}
)CL";
    auto findings = analyse(source);
    INFO(describe(findings));
    CHECK(findings.empty());
}

TEST_CASE("unfollowed pointers: a __local kernel argument the kernel moves") {
    std::string source = R"CL(
__kernel void shifted(__global const float* in, __global float* out, __local float* scratch)
{
    const int lid = get_local_id(0);
    scratch += 1;
    scratch[lid] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = scratch[get_local_size(0) - 1 - lid];
}
)CL";
    auto findings = analyse(source);
    INFO(describe(findings));
    CHECK(findings.empty());
}

TEST_CASE("unfollowed pointers: a helper returning a pointer built from its own reassigned variable") {
    auto kernel = [](const std::string& barrier) {
        return R"CL(
__local float* element(__local float* tile, int r, int c)
{
    int offset = r * 17;
    offset += c;
    return tile + offset;
}
__kernel void flip(__global const float* in, __global float* out)
{
    __local float tile[16 * 17];
    const int lx = get_local_id(0), ly = get_local_id(1);
    *element(tile, ly, lx) = in[get_global_id(1) * 16 + lx];
    )CL" + barrier + R"CL(
    out[get_global_id(1) * 16 + lx] = *element(tile, ly, lx);
    out[get_global_id(1) * 16 + lx] += tile[lx * 17 + ly];
}
)CL";
    };
    auto with_barrier = analyse(kernel("barrier(CLK_LOCAL_MEM_FENCE);"));
    INFO(describe(with_barrier));
    CHECK(with_barrier.empty());
    auto without = analyse(kernel(""));
    INFO(describe(without));
    CHECK(count_errors(without) == 0);  // `offset` means nothing outside the helper: not followed
}
