// Mutant "correct_barrier_unless_last_step" (lab 05): correct, no bug.
// THREAD_WORK columns per work-item; the barrier that protects the tiles from the next step's
// loads is skipped after the last step. `k0 + TILE_SIZE < K` depends only on the loop counter and
// a kernel argument: the whole work-group takes the same side.
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

    float acc[THREAD_WORK];
    for (int w = 0; w < THREAD_WORK; ++w) acc[w] = 0.0f;

    for (uint k0 = 0; k0 < K; k0 += TILE_SIZE) {
        for (int w = 0; w < THREAD_WORK; ++w) {
            const uint x = lx + w * GROUP_COLS;
            a_tile[ly][x] = a[row * K + k0 + x];
            b_tile[ly][x] = b[(k0 + ly) * N + col0 + x];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (uint k = 0; k < TILE_SIZE; ++k) {
            const float av = a_tile[ly][k];
            for (int w = 0; w < THREAD_WORK; ++w) acc[w] += av * b_tile[k][lx + w * GROUP_COLS];
        }
        if (k0 + TILE_SIZE < K)  // no next step, no loads to wait for
            barrier(CLK_LOCAL_MEM_FENCE);
    }
    for (int w = 0; w < THREAD_WORK; ++w) c[row * N + col0 + lx + w * GROUP_COLS] = acc[w];
}
