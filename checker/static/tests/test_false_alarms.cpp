// full clone only: its correct kernels answer labs; the student edition leaves this file out.
// Correct kernels in many styles: none may get a finding. A false alarm costs a student more than
// a missed bug, so every style the course shows (and some it does not) is here.
#include "analysis_helpers.hpp"

#include <doctest/doctest.h>

using namespace checker::testing;

namespace {

// No finding for `source`; and, to show the kernel really was analysed, an error once its
// barriers are taken out.
void check_clean(const std::string& source, std::vector<std::pair<std::string, std::string>> defines = {}) {
    auto findings = analyse(source, defines);
    INFO(describe(findings));
    CHECK(findings.empty());

    std::string without_barriers = source;
    const std::string barrier = "barrier(CLK_LOCAL_MEM_FENCE)";
    for (std::size_t at = without_barriers.find(barrier); at != std::string::npos;
         at = without_barriers.find(barrier, at))
        without_barriers.replace(at, barrier.size(), "(void)0");
    CHECK(count_errors(analyse(without_barriers, defines)) > 0);
}

}  // namespace

TEST_CASE("false alarms: transpose with a 32x8 work-group moving four elements per work-item") {
    check_clean(R"CL(
#define TILE 32
#define ROWS 8
__kernel void transpose(__global const float* a, __global float* at, uint m, uint k)
{
    __local float tile[TILE][TILE + 1];
    const uint lx = get_local_id(0), ly = get_local_id(1);
    const uint col = get_group_id(0) * TILE + lx;
    const uint row0 = get_group_id(1) * TILE + ly;
    for (uint j = 0; j < TILE; j += ROWS)
        if (row0 + j < m && col < k)
            tile[ly + j][lx] = a[(row0 + j) * k + col];
    barrier(CLK_LOCAL_MEM_FENCE);
    const uint out_col = get_group_id(1) * TILE + lx;
    const uint out_row0 = get_group_id(0) * TILE + ly;
    for (uint j = 0; j < TILE; j += ROWS)
        if (out_row0 + j < k && out_col < m)
            at[(out_row0 + j) * m + out_col] = tile[lx][ly + j];
}
)CL");
}

TEST_CASE("false alarms: transpose with mad24 indices, `local` spelling and size_t") {
    check_clean(R"CL(
__kernel void transpose(__global const float* a, __global float* at, uint m, uint k)
{
    local float tile[TILE_SIZE * (TILE_SIZE + 1)];
    const size_t lx = get_local_id(0);
    const size_t ly = get_local_id(1);
    const size_t col = get_global_id(0), row = get_global_id(1);
    if (row < m && col < k)
        tile[mad24((uint)ly, TILE_SIZE + 1u, (uint)lx)] = a[row * k + col];
    barrier(CLK_LOCAL_MEM_FENCE);
    const size_t out_col = get_group_id(1) * get_local_size(1) + lx;
    const size_t out_row = get_group_id(0) * get_local_size(0) + ly;
    if (out_row < k && out_col < m)
        at[out_row * m + out_col] = tile[mad24((uint)lx, TILE_SIZE + 1u, (uint)ly)];
}
)CL",
                {{"TILE_SIZE", "16"}});
}

TEST_CASE("false alarms: matmul with THREAD_WORK outputs per work-item (lab 05 shape)") {
    check_clean(R"CL(
#define TILE_SIZE 16
#define THREAD_WORK 4
#define RTS (TILE_SIZE / THREAD_WORK)
__kernel void matmul(__global const float* a, __global const float* b, __global float* c,
                     uint M, uint K, uint N)
{
    __local float a_tile[TILE_SIZE][TILE_SIZE];
    __local float b_tile[TILE_SIZE][TILE_SIZE];
    const int tx = get_local_id(0);
    const int ty = get_local_id(1);
    const int row = get_group_id(1) * TILE_SIZE + ty;
    const int col0 = get_group_id(0) * TILE_SIZE + tx;
    float acc[THREAD_WORK];
    for (int w = 0; w < THREAD_WORK; ++w)
        acc[w] = 0.0f;
    const int tiles = K / TILE_SIZE;
    for (int t = 0; t < tiles; ++t) {
        for (int w = 0; w < THREAD_WORK; ++w) {
            a_tile[ty][tx + w * RTS] = a[row * K + t * TILE_SIZE + tx + w * RTS];
            b_tile[ty][tx + w * RTS] = b[(t * TILE_SIZE + ty) * N + col0 + w * RTS];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int kk = 0; kk < TILE_SIZE; ++kk) {
            const float a_value = a_tile[ty][kk];
            for (int w = 0; w < THREAD_WORK; ++w)
                acc[w] += a_value * b_tile[kk][tx + w * RTS];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    for (int w = 0; w < THREAD_WORK; ++w)
        c[row * N + col0 + w * RTS] = acc[w];
}
)CL");
}

TEST_CASE("false alarms: matmul with register micro-tiles (lab 06 shape)") {
    check_clean(R"CL(
#define TILE_M 32
#define TILE_N 32
#define TILE_K 16
#define WPT_M 4
#define WPT_N 4
#define THREADS ((TILE_M / WPT_M) * (TILE_N / WPT_N))
__kernel void matmul(__global const float* a, __global const float* b, __global float* c,
                     uint M, uint K, uint N)
{
    __local float a_tile[TILE_K][TILE_M];
    __local float b_tile[TILE_K][TILE_N];
    const int tx = get_local_id(0), ty = get_local_id(1);
    const int tid = ty * (TILE_N / WPT_N) + tx;
    const int gm = get_group_id(1) * TILE_M, gn = get_group_id(0) * TILE_N;
    float acc[WPT_M][WPT_N];
    for (int wm = 0; wm < WPT_M; ++wm)
        for (int wn = 0; wn < WPT_N; ++wn)
            acc[wm][wn] = 0.0f;
    for (int t = 0; t < (int)K / TILE_K; ++t) {
        for (int l = 0; l < (TILE_K * TILE_M) / THREADS; ++l) {
            const int id = l * THREADS + tid;
            const int r = id % TILE_M, kk = id / TILE_M;
            a_tile[kk][r] = a[(gm + r) * K + t * TILE_K + kk];
            const int cc = id % TILE_N, k2 = id / TILE_N;
            b_tile[k2][cc] = b[(t * TILE_K + k2) * N + gn + cc];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int kk = 0; kk < TILE_K; ++kk) {
            float a_reg[WPT_M], b_reg[WPT_N];
            for (int wm = 0; wm < WPT_M; ++wm)
                a_reg[wm] = a_tile[kk][ty * WPT_M + wm];
            for (int wn = 0; wn < WPT_N; ++wn)
                b_reg[wn] = b_tile[kk][tx * WPT_N + wn];
            for (int wm = 0; wm < WPT_M; ++wm)
                for (int wn = 0; wn < WPT_N; ++wn)
                    acc[wm][wn] = fma(a_reg[wm], b_reg[wn], acc[wm][wn]);
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    for (int wm = 0; wm < WPT_M; ++wm)
        for (int wn = 0; wn < WPT_N; ++wn)
            c[(gm + ty * WPT_M + wm) * N + gn + tx * WPT_N + wn] = acc[wm][wn];
}
)CL");
}

TEST_CASE("false alarms: float4 tiles read with vload4") {
    check_clean(R"CL(
__kernel void rows(__global const float* in, __global float* out)
{
    __local float tile[16 * 64];
    const uint lx = get_local_id(0), ly = get_local_id(1);
    vstore4(vload4(ly * 16 + lx, in), ly * 16 + lx, tile);
    barrier(CLK_LOCAL_MEM_FENCE);
    float4 sum = (float4)(0.0f);
    for (uint i = 0; i < 16; ++i)
        sum += vload4(ly * 16 + i, tile);
    vstore4(sum, get_global_id(1) * 16 + lx, out);
}
)CL");
}

TEST_CASE("false alarms: tile loop written as a while loop, with a uniform continue and early exit") {
    check_clean(R"CL(
__kernel void matmul(__global const float* a, __global const float* b, __global float* c,
                     uint M, uint K, uint N)
{
    __local float a_tile[16][16];
    __local float b_tile[16][17];
    if (get_group_id(1) * 16 >= M)
        return;  // the whole work-group leaves together
    const size_t tx = get_local_id(0), ty = get_local_id(1);
    const size_t row = get_global_id(1), col = get_global_id(0);
    float acc = 0.0f;
    uint t = 0;
    while (t * 16 < K) {
        const uint k0 = t * 16;
        ++t;
        if (K == 0)
            continue;  // uniform: every work-item takes it or none does
        a_tile[ty][tx] = row < M && k0 + tx < K ? a[row * K + k0 + tx] : 0.0f;
        b_tile[ty][tx] = k0 + ty < K && col < N ? b[(k0 + ty) * N + col] : 0.0f;
        barrier(CLK_LOCAL_MEM_FENCE);
#pragma unroll 4
        for (uint kk = 0; kk < 16; kk++)
            acc = mad(a_tile[ty][kk], b_tile[kk][tx], acc);
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (row >= M || col >= N)
        return;  // after the last barrier: fine
    c[row * N + col] = acc;
}
)CL");
}

TEST_CASE("false alarms: barriers inside helper functions called by every work-item") {
    check_clean(R"CL(
#define T 16
void wait_for_tile(void) { barrier(CLK_LOCAL_MEM_FENCE); }

float guarded(__global const float* m, uint rows, uint cols, uint r, uint col)
{
    return r < rows && col < cols ? m[r * cols + col] : 0.0f;
}

void load_tiles(__local float* at, __local float* bt, __global const float* a, __global const float* b,
                uint M, uint K, uint N, uint t, uint row, uint col)
{
    const uint tx = get_local_id(0), ty = get_local_id(1);
    at[ty * T + tx] = guarded(a, M, K, row, t * T + tx);
    bt[ty * T + tx] = guarded(b, K, N, t * T + ty, col);
}

__kernel void matmul(__global const float* a, __global const float* b, __global float* c,
                     uint M, uint K, uint N)
{
    __local float a_tile[T * T];
    __local float b_tile[T * T];
    const uint row = get_global_id(1), col = get_global_id(0);
    const uint tx = get_local_id(0), ty = get_local_id(1);
    float acc = 0.0f;
    for (uint t = 0; t < (K + T - 1) / T; ++t) {
        load_tiles(a_tile, b_tile, a, b, M, K, N, t, row, col);
        wait_for_tile();
        for (uint kk = 0; kk < T; ++kk)
            acc += a_tile[ty * T + kk] * b_tile[kk * T + tx];
        wait_for_tile();
    }
    if (row < M && col < N)
        c[row * N + col] = acc;
}
)CL");
}

TEST_CASE("false alarms: reductions and a barrier under a uniform condition") {
    check_clean(R"CL(
__kernel void sums(__global const float* in, __global float* out, uint use_tree)
{
    __local float partial[256];
    const uint lid = get_local_id(0);
    partial[lid] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    if (use_tree) {
        for (uint stride = get_local_size(0) / 2; stride > 0; stride >>= 1) {
            if (lid < stride)
                partial[lid] = partial[lid] + partial[lid + stride];
            barrier(CLK_LOCAL_MEM_FENCE);
        }
        if (lid == 0)
            out[get_group_id(0)] = partial[0];
    } else if (lid == 0) {
        float total = 0.0f;
        for (uint i = 0; i < get_local_size(0); ++i)
            total += partial[i];
        out[get_group_id(0)] = total;
    }
}
)CL");
}

TEST_CASE("false alarms: loop counters declared outside the loop and uniform loop bounds") {
    check_clean(R"CL(
__kernel void matmul(__global const float* a, __global const float* b, __global float* c,
                     uint M, uint K, uint N)
{
    __local float a_tile[8][8];
    __local float b_tile[8][8];
    const int tx = get_local_id(0), ty = get_local_id(1);
    const int row = get_group_id(1) * get_local_size(1) + ty;
    const int col = get_group_id(0) * get_local_size(0) + tx;
    const int steps = (K + get_local_size(0) - 1) / get_local_size(0);
    float acc = 0.0f;
    int t, kk;
    for (t = 0; t < steps; t++) {
        int a_col = t * 8 + tx;
        int b_row = t * 8 + ty;
        a_tile[ty][tx] = 0.0f;
        b_tile[ty][tx] = 0.0f;
        if (row < (int)M && a_col < (int)K) a_tile[ty][tx] = a[row * K + a_col];
        if (b_row < (int)K && col < (int)N) b_tile[ty][tx] = b[b_row * N + col];
        barrier(CLK_LOCAL_MEM_FENCE);
        for (kk = 0; kk < 8; kk++)
            acc += a_tile[ty][kk] * b_tile[kk][tx];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (row < (int)M && col < (int)N)
        c[row * N + col] = acc;
}
)CL");
}

TEST_CASE("false alarms: double-buffered tiles (prefetch into the other buffer, one barrier per step)") {
    check_clean(R"CL(
__kernel void prefetch(__global const float* in, __global float* out, uint steps)
{
    __local float tile[2][64];
    const uint lid = get_local_id(0);
    tile[0][lid] = in[lid];
    barrier(CLK_LOCAL_MEM_FENCE);
    float acc = 0.0f;
    for (uint t = 0; t < steps; ++t) {
        const uint current = t % 2;
        if (t + 1 < steps)
            tile[1 - current][lid] = in[(t + 1) * 64 + lid];
        acc += tile[current][63 - lid];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    out[get_global_id(0)] = acc;
}
)CL");
    check_clean(R"CL(
__kernel void prefetch(__global const float* in, __global float* out, uint steps)
{
    __local float tile[2][64];
    const uint lid = get_local_id(0);
    tile[0][lid] = in[lid];
    barrier(CLK_LOCAL_MEM_FENCE);
    float acc = 0.0f;
    for (uint t = 0; t < steps; ++t) {
        tile[(t + 1) % 2][lid] = in[(t + 1) * 64 + lid];
        acc += tile[t % 2][63 - lid];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    out[get_global_id(0)] = acc;
}
)CL");
}

TEST_CASE("false alarms: buffers used in turn with the one barrier of a step at its top (issue 34)") {
    // Step t fills tile t % 2 and reads it after the barrier; tile t % 2 is filled again two steps
    // later, after the barrier of step t + 1.
    const std::string two_tiles = R"CL(
__kernel void in_turn(__global const float* in, __global float* out, uint steps)
{
    __local float tile[2][64];
    const uint lid = get_local_id(0);
    float acc = 0.0f;
    for (uint t = 0; t < steps; t++) {
        tile[t % 2][lid] = in[t * 64 + lid];
        barrier(CLK_LOCAL_MEM_FENCE);
        acc += tile[t % 2][63 - lid];
    }
    out[get_global_id(0)] = acc;
}
)CL";
    check_clean(two_tiles);
    // Three tiles: prefetch (t + 1) % 3 before the barrier, read t % 3 after it.
    check_clean(R"CL(
__kernel void in_turn(__global const float* in, __global float* out, uint steps)
{
    __local float tile[3][64];
    const uint lid = get_local_id(0);
    tile[0][lid] = in[lid];
    float acc = 0.0f;
    for (uint t = 0; t < steps; ++t) {
        const uint next = (t + 1) % 3;
        tile[next][lid] = in[(t + 1) * 64 + lid];
        barrier(CLK_LOCAL_MEM_FENCE);
        acc += tile[t % 3][63 - lid];
    }
    out[get_global_id(0)] = acc;
}
)CL", {{"TILE_SIZE", "8"}});
}
