// Mutant "prefetch_into_tile_being_read" (lab 05): BUG, write-after-read race in one step.
// Each work-item fetches its part of the next step's tiles into registers before the multiply
// (to hide the global latency), then stores them into a_tile/b_tile right after its own multiply:
// the tiles other work-items are still reading. One barrier per step is not enough here.
// Fix: barrier(CLK_LOCAL_MEM_FENCE) between the multiply and the stores.
#ifndef TILE_SIZE
#define TILE_SIZE 32
#endif
#ifndef THREAD_WORK
#define THREAD_WORK 8
#endif
#define GROUP_COLS (TILE_SIZE / THREAD_WORK)

__kernel void matmul(__global const float* a, __global const float* b, __global float* c, uint M, uint K, uint N)
{
    __local float a_tile[TILE_SIZE][TILE_SIZE + 1];
    __local float b_tile[TILE_SIZE][TILE_SIZE + 1];
    const uint lx = get_local_id(0), ly = get_local_id(1);
    const uint col0 = get_group_id(0) * TILE_SIZE;
    const uint row = get_group_id(1) * TILE_SIZE + ly;

    for (int w = 0; w < THREAD_WORK; ++w) {
        a_tile[ly][lx + w * GROUP_COLS] = a[row * K + lx + w * GROUP_COLS];
        b_tile[ly][lx + w * GROUP_COLS] = b[ly * N + col0 + lx + w * GROUP_COLS];
    }
    barrier(CLK_LOCAL_MEM_FENCE);

    float acc[THREAD_WORK];
    for (int w = 0; w < THREAD_WORK; ++w) acc[w] = 0.0f;
    for (uint k0 = 0; k0 < K; k0 += TILE_SIZE) {
        const uint next = k0 + TILE_SIZE < K ? k0 + TILE_SIZE : k0;  // the last step refetches its own tile
        float a_next[THREAD_WORK], b_next[THREAD_WORK];
        for (int w = 0; w < THREAD_WORK; ++w) {
            a_next[w] = a[row * K + next + lx + w * GROUP_COLS];
            b_next[w] = b[(next + ly) * N + col0 + lx + w * GROUP_COLS];
        }
        for (uint k = 0; k < TILE_SIZE; ++k)
            for (int w = 0; w < THREAD_WORK; ++w) acc[w] += a_tile[ly][k] * b_tile[k][lx + w * GROUP_COLS];
        for (int w = 0; w < THREAD_WORK; ++w) {
            a_tile[ly][lx + w * GROUP_COLS] = a_next[w];  // BUG: the tile others still read
            b_tile[ly][lx + w * GROUP_COLS] = b_next[w];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    for (int w = 0; w < THREAD_WORK; ++w) c[row * N + col0 + lx + w * GROUP_COLS] = acc[w];
}
