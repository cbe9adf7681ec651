// full clone only: its kernels (correct, or a barrier from it) answer labs; the student edition leaves it out.
// Rules missing-barrier-read-after-write and missing-barrier-write-after-read: __local accesses of
// different work-items that meet with no barrier(CLK_LOCAL_MEM_FENCE) between them.
#include "analysis_helpers.hpp"

#include <doctest/doctest.h>

#include <tuple>
#include <vector>

using namespace checker::testing;
namespace rules = checker::rules;

namespace {

std::string fmt_line(const std::string& before, unsigned line, const std::string& after) {
    return before + std::to_string(line) + after;
}

}  // namespace

TEST_CASE("missing-barrier-read-after-write: a neighbour's element read right after the write") {
    std::string source = R"CL(
__kernel void shift(__global const float* in, __global float* out)
{
    __local float s[64];
    const uint lid = get_local_id(0);
    s[lid] = in[get_global_id(0)];
    out[get_global_id(0)] = s[(lid + 1) % 64];  // MARK
}
)CL";
    auto findings = analyse(source);
    INFO(describe(findings));
    CHECK(has_finding(findings, rules::missing_barrier_read_after_write, line_of(source, "MARK")));
    CHECK(count_errors(findings) == 1);
    REQUIRE(!findings.empty());
    const std::string& message = findings.front().message;
    CHECK(message.find("`s`") != std::string::npos);
    CHECK(message.find("line 6") != std::string::npos);  // the write
    CHECK(message.find("barrier(CLK_LOCAL_MEM_FENCE);") != std::string::npos);
}

TEST_CASE("missing-barrier-read-after-write: the barrier is there") {
    std::string source = R"CL(
__kernel void shift(__global const float* in, __global float* out)
{
    __local float s[64];
    const uint lid = get_local_id(0);
    s[lid] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = s[(lid + 1) % 64];
}
)CL";
    CHECK(analyse(source).empty());
}

TEST_CASE("missing-barrier-read-after-write: a barrier with only CLK_GLOBAL_MEM_FENCE does not count") {
    std::string source = R"CL(
__kernel void shift(__global const float* in, __global float* out)
{
    __local float s[64];
    s[get_local_id(0)] = in[get_global_id(0)];
    barrier(CLK_GLOBAL_MEM_FENCE);
    out[get_global_id(0)] = s[63 - get_local_id(0)];  // MARK
}
)CL";
    auto findings = analyse(source);
    INFO(describe(findings));
    CHECK(has_finding(findings, rules::missing_barrier_read_after_write, line_of(source, "MARK")));
    REQUIRE(!findings.empty());
    // The barrier is there with the wrong flag: the message names it, and the fix is its flag.
    const std::string& message = findings.front().message;
    CHECK(message.find("the barrier at line 6, between the write and the read, has only CLK_GLOBAL_MEM_FENCE: it "
                       "orders __global memory, not the __local tile") != std::string::npos);
    CHECK(message.find("Try: make the barrier at line 6 `barrier(CLK_LOCAL_MEM_FENCE);`") != std::string::npos);
    CHECK(message.find("no barrier(CLK_LOCAL_MEM_FENCE) lies between") == std::string::npos);
}

namespace {

// A tiled matmul's two barriers, each with the flags given (lab 04's shape).
std::string tiled_matmul(const std::string& first_barrier, const std::string& second_barrier,
                         const std::string& before_kernel = "") {
    return before_kernel + R"CL(
__kernel void matmul(__global const float* a, __global const float* b, __global float* c, uint M, uint K, uint N)
{
    __local float As[16][16];
    __local float Bs[16][16];
    const uint lx = get_local_id(0), ly = get_local_id(1);
    const uint row = get_group_id(1) * 16 + ly, col = get_group_id(0) * 16 + lx;
    float sum = 0.0f;
    for (uint t = 0; t < (K + 15) / 16; ++t) {
        As[ly][lx] = (row < M && t * 16 + lx < K) ? a[row * K + t * 16 + lx] : 0.0f;  // WRITE
        Bs[ly][lx] = (t * 16 + ly < K && col < N) ? b[(t * 16 + ly) * N + col] : 0.0f;
        )CL" + first_barrier + R"CL(  // FIRST
        for (uint k = 0; k < 16; ++k)
            sum += As[ly][k] * Bs[k][lx];  // READ
        )CL" + second_barrier + R"CL(  // SECOND
    }
    if (row < M && col < N) c[row * N + col] = sum;
}
)CL";
}

}  // namespace

TEST_CASE("a barrier with only CLK_GLOBAL_MEM_FENCE between a tile's write and read is named, with its line") {
    const std::string local = "barrier(CLK_LOCAL_MEM_FENCE);", global = "barrier(CLK_GLOBAL_MEM_FENCE);";
    SUBCASE("the first barrier: read after write") {
        const std::string source = tiled_matmul(global, local);
        auto findings = analyse(source);
        INFO(describe(findings));
        REQUIRE(count_errors(findings) == 1);
        CHECK(has_finding(findings, checker::rules::missing_barrier_read_after_write, line_of(source, "READ")));
        CHECK(findings.front().message.find(fmt_line("the barrier at line ", line_of(source, "FIRST"),
                                                     ", between those writes and reads, has only "
                                                     "CLK_GLOBAL_MEM_FENCE")) != std::string::npos);
    }
    SUBCASE("the second barrier: write after read in the next step") {
        const std::string source = tiled_matmul(local, global);
        auto findings = analyse(source);
        INFO(describe(findings));
        REQUIRE(count_errors(findings) == 1);
        CHECK(has_finding(findings, checker::rules::missing_barrier_write_after_read, line_of(source, "WRITE")));
        CHECK(findings.front().message.find(fmt_line("the barrier at line ", line_of(source, "SECOND"),
                                                     ", between those reads and writes, has only "
                                                     "CLK_GLOBAL_MEM_FENCE")) != std::string::npos);
        CHECK(findings.front().message.find(fmt_line("make the barrier at line ", line_of(source, "SECOND"),
                                                     " `barrier(CLK_LOCAL_MEM_FENCE);`")) != std::string::npos);
    }
    SUBCASE("mem_fence(CLK_LOCAL_MEM_FENCE) beside it orders one work-item's accesses, not the group's") {
        const std::string source = tiled_matmul("mem_fence(CLK_LOCAL_MEM_FENCE); " + global, local);
        auto findings = analyse(source);
        INFO(describe(findings));
        CHECK(count_errors(findings) == 1);
        REQUIRE(!findings.empty());
        CHECK(findings.front().message.find("has only CLK_GLOBAL_MEM_FENCE") != std::string::npos);
    }
    SUBCASE("barrier(0): no fence at all") {
        const std::string source = tiled_matmul("barrier(0);", local);
        auto findings = analyse(source);
        INFO(describe(findings));
        REQUIRE(count_errors(findings) == 1);
        CHECK(findings.front().message.find("has no CLK_LOCAL_MEM_FENCE: it does not order the __local tile") !=
              std::string::npos);
    }
}

TEST_CASE("the local fence however it is written is a barrier for the tile: no false alarm") {
    for (const auto& [first, second, before] : std::vector<std::tuple<std::string, std::string, std::string>>{
             {"barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);",
              "barrier(CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE);", ""},
             {"barrier(TILE_FENCE);", "barrier(TILE_FENCE);", "#define TILE_FENCE CLK_LOCAL_MEM_FENCE\n"},
             {"barrier(TILE_FENCE);", "barrier(TILE_FENCE);",
              "#define TILE_FENCE (CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE)\n"},
             {"const cl_mem_fence_flags fence = CLK_LOCAL_MEM_FENCE; barrier(fence);", "barrier(CLK_LOCAL_MEM_FENCE);",
              ""},
             {"barrier(CLK_LOCAL_MEM_FENCE); read_mem_fence(CLK_LOCAL_MEM_FENCE);",
              "write_mem_fence(CLK_LOCAL_MEM_FENCE); barrier(CLK_LOCAL_MEM_FENCE);", ""},
             {"mem_fence(CLK_LOCAL_MEM_FENCE); barrier(CLK_LOCAL_MEM_FENCE);",
              "barrier(CLK_LOCAL_MEM_FENCE); mem_fence(CLK_GLOBAL_MEM_FENCE);", ""},
         }) {
        const std::string source = tiled_matmul(first, second, before);
        CAPTURE(source);
        auto findings = analyse(source);
        INFO(describe(findings));
        CHECK(count_errors(findings) == 0);
    }
}

TEST_CASE("a barrier with only CLK_GLOBAL_MEM_FENCE elsewhere in the kernel gets the general note") {
    const std::string source = R"CL(
__kernel void shift(__global const float* in, __global float* out)
{
    __local float s[64];
    s[get_local_id(0)] = in[get_global_id(0)];
    out[get_global_id(0)] = s[63 - get_local_id(0)];  // MARK
    barrier(CLK_GLOBAL_MEM_FENCE);
    out[get_global_id(0)] += 1.0f;
}
)CL";
    auto findings = analyse(source);
    INFO(describe(findings));
    REQUIRE(count_errors(findings) == 1);
    const std::string& message = findings.front().message;
    CHECK(message.find("no barrier(CLK_LOCAL_MEM_FENCE) lies between the write and the read") != std::string::npos);
    CHECK(message.find("Note: barrier(CLK_GLOBAL_MEM_FENCE) alone does not order __local memory") != std::string::npos);
}

TEST_CASE("missing-barrier-read-after-write: own elements need no barrier") {
    std::string source = R"CL(
__kernel void own(__global const float* in, __global float* out)
{
    __local float acc[16][16];
    __local float scratch[256][2];
    const int tx = get_local_id(0), ty = (int)get_local_id(1);
    acc[ty][tx] = 0.0f;
    for (int i = 0; i < 8; ++i)
        acc[ty][tx] += in[i];
    const uint flat = get_local_id(1) * 16 + get_local_id(0);
    scratch[flat][0] = in[flat];
    scratch[flat][1] = 2.0f * in[flat];
    out[get_global_id(0)] = acc[get_local_id(1)][get_local_id(0)] + scratch[flat][0] * scratch[flat][1];
}
)CL";
    auto findings = analyse(source);
    INFO(describe(findings));
    CHECK(findings.empty());
}

TEST_CASE("missing-barrier-read-after-write: through a __local pointer argument, a helper and macros") {
    SUBCASE("a __local pointer kernel argument") {
        std::string source = R"CL(
__kernel void reverse(__global const float* in, __global float* out, __local float* scratch)
{
    scratch[get_local_id(0)] = in[get_global_id(0)];
    out[get_global_id(0)] = scratch[get_local_size(0) - 1 - get_local_id(0)];  // MARK
}
)CL";
        CHECK(has_finding(analyse(source), rules::missing_barrier_read_after_write, line_of(source, "MARK")));
    }
    SUBCASE("a write inside a helper function") {
        std::string source = R"CL(
void put(__local float* tile, uint i, float v) { tile[i] = v; }
__kernel void reverse(__global const float* in, __global float* out)
{
    __local float s[64];
    put(s, get_local_id(0), in[get_global_id(0)]);
    out[get_global_id(0)] = s[63 - get_local_id(0)];  // MARK
}
)CL";
        CHECK(has_finding(analyse(source), rules::missing_barrier_read_after_write, line_of(source, "MARK")));
    }
    SUBCASE("indices written with a macro") {
        std::string source = R"CL(
#define AT(r, c) tile[(r) * 17 + (c)]
__kernel void transpose16(__global const float* in, __global float* out)
{
    __local float tile[16 * 17];
    const uint lx = get_local_id(0), ly = get_local_id(1);
    AT(ly, lx) = in[get_global_id(1) * 16 + get_global_id(0)];
    out[get_global_id(1) * 16 + get_global_id(0)] = AT(lx, ly);  // MARK
}
)CL";
        auto findings = analyse(source);
        INFO(describe(findings));
        CHECK(has_finding(findings, rules::missing_barrier_read_after_write, line_of(source, "MARK")));
    }
    SUBCASE("vstore4 then vload4 of a neighbour") {
        std::string source = R"CL(
__kernel void vec(__global const float4* in, __global float4* out)
{
    __local float s[256];
    vstore4(in[get_local_id(0)], get_local_id(0), s);
    out[get_local_id(0)] = vload4((get_local_id(0) + 1) % 64, s);  // MARK
}
)CL";
        CHECK(has_finding(analyse(source), rules::missing_barrier_read_after_write, line_of(source, "MARK")));
    }
}

TEST_CASE("missing-barrier-read-after-write: a reduction needs the barrier inside its loop") {
    std::string with_barrier = R"CL(
__kernel void sum(__global const float* in, __global float* out)
{
    __local float partial[64];
    const uint lid = get_local_id(0);
    partial[lid] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint stride = get_local_size(0) / 2; stride > 0; stride /= 2) {
        if (lid < stride)
            partial[lid] += partial[lid + stride];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0)
        out[get_group_id(0)] = partial[0];
}
)CL";
    CHECK(analyse(with_barrier).empty());

    std::string without = R"CL(
__kernel void sum(__global const float* in, __global float* out)
{
    __local float partial[64];
    const uint lid = get_local_id(0);
    partial[lid] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint stride = get_local_size(0) / 2; stride > 0; stride /= 2) {
        if (lid < stride)
            partial[lid] += partial[lid + stride];  // MARK
    }
    if (lid == 0)
        out[get_group_id(0)] = partial[0];
}
)CL";
    auto findings = analyse(without);
    INFO(describe(findings));
    CHECK(has_finding(findings, rules::missing_barrier_read_after_write, line_of(without, "MARK")));
}

TEST_CASE("missing-barrier-write-after-read: the second barrier of a tiled loop") {
    std::string source = R"CL(
__kernel void tiles(__global const float* in, __global float* out, uint steps)
{
    __local float tile[16][16];
    const uint tx = get_local_id(0), ty = get_local_id(1);
    float acc = 0.0f;
    for (uint t = 0; t < steps; ++t) {
        tile[ty][tx] = in[t * 256 + ty * 16 + tx];  // MARK write
        barrier(CLK_LOCAL_MEM_FENCE);
        for (uint k = 0; k < 16; ++k)
            acc += tile[ty][k] * tile[k][tx];  // MARK read
    }
    out[get_global_id(1) * get_global_size(0) + get_global_id(0)] = acc;
}
)CL";
    auto findings = analyse(source);
    INFO(describe(findings));
    CHECK(has_finding(findings, rules::missing_barrier_write_after_read, line_of(source, "MARK write")));
    CHECK(count_errors(findings) == 1);
    REQUIRE(!findings.empty());
    const std::string& message = findings.front().message;
    CHECK(message.find("next iteration") != std::string::npos);
    CHECK(message.find("line " + std::to_string(line_of(source, "MARK read"))) != std::string::npos);
}

TEST_CASE("missing-barrier-write-after-read: do-while and while loops") {
    std::string source = R"CL(
__kernel void tiles(__global const float* in, __global float* out, uint steps)
{
    __local float tile[64];
    const uint lid = get_local_id(0);
    float acc = 0.0f;
    uint t = 0;
    do {
        tile[lid] = in[t * 64 + lid];  // MARK
        barrier(CLK_LOCAL_MEM_FENCE);
        acc += tile[63 - lid];
        ++t;
    } while (t < steps);
    out[get_global_id(0)] = acc;
}
)CL";
    CHECK(has_finding(analyse(source), rules::missing_barrier_write_after_read, line_of(source, "MARK")));
}

TEST_CASE("races: what is deliberately not reported as an error") {
    SUBCASE("one work-item working alone on __local memory") {
        std::string source = R"CL(
__kernel void scan(__global float* out)
{
    __local float s[64];
    s[get_local_id(0)] = 1.0f;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (get_local_id(0) == 0) {
        for (int i = 1; i < 64; ++i)
            s[i] += s[i - 1];
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = s[get_local_id(0)];
}
)CL";
        auto findings = analyse(source);
        INFO(describe(findings));
        CHECK(findings.empty());
    }
    SUBCASE("private arrays are not __local") {
        std::string source = R"CL(
__kernel void priv(__global const float* in, __global float* out)
{
    float r[4];
    for (int i = 0; i < 4; ++i) r[i] = in[get_global_id(0) * 4 + i];
    out[get_global_id(0)] = r[3] + r[(get_local_id(0) + 1) % 4];
}
)CL";
        CHECK(analyse(source).empty());
    }
    SUBCASE("atomics on __local memory") {
        std::string source = R"CL(
__kernel void count(__global const int* in, __global int* out)
{
    __local int hits;
    if (get_local_id(0) == 0) hits = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (in[get_global_id(0)] > 0) atomic_inc(&hits);
    barrier(CLK_LOCAL_MEM_FENCE);
    if (get_local_id(0) == 0) out[get_group_id(0)] = hits;
}
)CL";
        auto findings = analyse(source);
        INFO(describe(findings));
        CHECK(findings.empty());
    }
    SUBCASE("a read then a write of another element by only some work-items (a tree reduction)") {
        std::string source = R"CL(
__kernel void sum(__global const float* in, __global float* out)
{
    __local float s[64];
    const uint lid = get_local_id(0);
    s[lid] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint stride = 32; stride > 0; stride >>= 1) {
        if (lid < stride)
            s[lid] += s[lid + stride];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0) out[get_group_id(0)] = s[0];
}
)CL";
        auto findings = analyse(source);
        INFO(describe(findings));
        CHECK(findings.empty());
    }
}

TEST_CASE("races: a read and then, in the same step, a write of another element by every work-item") {
    SUBCASE("an in-place shift") {
        std::string source = R"CL(
__kernel void shift(__global float* out)
{
    __local float s[65];
    s[get_local_id(0)] = 1.0f;
    barrier(CLK_LOCAL_MEM_FENCE);
    float next = s[get_local_id(0) + 1];
    s[get_local_id(0)] = next;  // MARK
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = s[get_local_id(0)];
}
)CL";
        auto findings = analyse(source);
        INFO(describe(findings));
        CHECK(has_finding(findings, rules::missing_barrier_write_after_read, line_of(source, "MARK")));
        CHECK(findings.size() == 1);
        CHECK(findings[0].message.find("earlier in the same step") != std::string::npos);
        CHECK(findings[0].message.find("line 7 and before the write at line 8") != std::string::npos);
    }
    SUBCASE("the next tile prefetched into the tile being read") {
        std::string source = R"CL(
__kernel void prefetch(__global const float* in, __global float* out, uint steps)
{
    __local float tile[64];
    const uint lid = get_local_id(0);
    tile[lid] = in[lid];
    barrier(CLK_LOCAL_MEM_FENCE);
    float acc = 0.0f;
    for (uint t = 0; t < steps; ++t) {
        const float next = in[(t + 1) * 64 + lid];
        for (uint i = 0; i < 64; ++i)
            acc += tile[i];
        tile[lid] = next;  // MARK
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    out[get_global_id(0)] = acc;
}
)CL";
        auto findings = analyse(source);
        INFO(describe(findings));
        CHECK(has_finding(findings, rules::missing_barrier_write_after_read, line_of(source, "MARK")));
        CHECK(count_errors(findings) == 1);
    }
    SUBCASE("the same with the write into the other half of a double buffer is clean") {
        std::string source = R"CL(
__kernel void prefetch(__global const float* in, __global float* out, uint steps)
{
    __local float tile[2][64];
    const uint lid = get_local_id(0);
    tile[0][lid] = in[lid];
    barrier(CLK_LOCAL_MEM_FENCE);
    float acc = 0.0f;
    for (uint t = 0; t < steps; ++t) {
        const uint cur = t & 1;
        const float next = in[(t + 1) * 64 + lid];
        for (uint i = 0; i < 64; ++i)
            acc += tile[cur][i];
        tile[cur ^ 1][lid] = next;
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    out[get_global_id(0)] = acc;
}
)CL";
        auto findings = analyse(source);
        INFO(describe(findings));
        CHECK(findings.empty());
    }
}

TEST_CASE("races: struct fields, pointers into a tile, async copies and mem_fence") {
    SUBCASE("struct fields of one element are the same element, other fields never meet") {
        std::string source = R"CL(
typedef struct { float x; float y; } pair_t;
__kernel void pairs(__global const pair_t* in, __global float* out)
{
    __local pair_t p[64];
    const uint lid = get_local_id(0);
    p[lid] = in[get_global_id(0)];
    p[lid].x = p[lid].x * 2.0f;
    p[lid].y = p[lid].x + p[lid].y;
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = p[63 - lid].x + p[63 - lid].y;
}
)CL";
        auto findings = analyse(source);
        INFO(describe(findings));
        CHECK(findings.empty());
    }
    SUBCASE("a pointer to a row of the tile") {
        std::string source = R"CL(
__kernel void rows(__global const float* in, __global float* out)
{
    __local float tile[16 * 16];
    const uint tx = get_local_id(0), ty = get_local_id(1);
    tile[ty * 16 + tx] = in[get_global_id(1) * get_global_size(0) + get_global_id(0)];
    __local const float* my_row = tile + ty * 16;
    float sum = 0.0f;
    for (uint i = 0; i < 16; ++i)
        sum += my_row[i];  // MARK
    out[get_global_id(1) * get_global_size(0) + get_global_id(0)] = sum;
}
)CL";
        CHECK(has_finding(analyse(source), rules::missing_barrier_read_after_write, line_of(source, "MARK")));
    }
    SUBCASE("async_work_group_copy is waited for, not raced on") {
        std::string source = R"CL(
__kernel void copy(__global const float* in, __global float* out)
{
    __local float tile[64];
    event_t done = async_work_group_copy(tile, in + get_group_id(0) * 64, 64, 0);
    wait_group_events(1, &done);
    out[get_global_id(0)] = tile[63 - get_local_id(0)];
}
)CL";
        CHECK(count_errors(analyse(source)) == 0);
    }
    SUBCASE("mem_fence is not a barrier") {
        std::string source = R"CL(
__kernel void shift(__global const float* in, __global float* out)
{
    __local float s[64];
    s[get_local_id(0)] = in[get_global_id(0)];
    mem_fence(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = s[63 - get_local_id(0)];  // MARK
}
)CL";
        CHECK(has_finding(analyse(source), rules::missing_barrier_read_after_write, line_of(source, "MARK")));
    }
}

TEST_CASE("write-after-read: a tile reused one step after it was read, the barrier at the top (issue 34)") {
    // Two tiles, the next one prefetched before the step's barrier: tile (t + 1) % 2 is the one
    // step t - 1 read after its barrier. (With three tiles the same shape is correct.)
    const std::string source = R"CL(
__kernel void in_turn(__global const float* in, __global float* out, uint steps)
{
    __local float tile[2][64];
    const uint lid = get_local_id(0);
    tile[0][lid] = in[lid];
    float acc = 0.0f;
    for (uint t = 0; t < steps; ++t) {
        tile[(t + 1) % 2][lid] = in[(t + 1) * 64 + lid];  // RACE
        barrier(CLK_LOCAL_MEM_FENCE);
        acc += tile[t % 2][63 - lid];
    }
    out[get_global_id(0)] = acc;
}
)CL";
    auto findings = analyse(source);
    INFO(describe(findings));
    CHECK(has_finding(findings, "missing-barrier-write-after-read", line_of(source, "RACE")));
    CHECK(count_errors(findings) == 1);
}

TEST_CASE("write-after-read: a step apart, an inner loop's counter in the index is not assumed to follow (issue 34)") {
    // Step t reads both tiles after its barrier; step t + 1 writes both before its barrier.
    // Comparing a step apart knows only the outer counter: `k` may take any value in between.
    const std::string source = R"CL(
__kernel void in_turn(__global const float* in, __global float* out, uint steps)
{
    __local float tile[2][64];
    const uint lid = get_local_id(0);
    float acc = 0.0f;
    for (uint t = 0; t < steps; ++t) {
        for (uint k = 0; k < 2; ++k)
            tile[(t + k + 1) % 2][lid] = in[(t + k) * 64 + lid];  // RACE
        barrier(CLK_LOCAL_MEM_FENCE);
        for (uint k = 0; k < 2; ++k)
            acc += tile[(t + k) % 2][63 - lid];
    }
    out[get_global_id(0)] = acc;
}
)CL";
    auto findings = analyse(source);
    INFO(describe(findings));
    CHECK(has_finding(findings, "missing-barrier-write-after-read", line_of(source, "RACE")));
}
