// Mistake (lab 05): the columns a work-item owns are lx + w instead of
// lx + w·GROUP_COLS (or lx·THREAD_WORK + w): neighbouring work-items compute
// overlapping columns and part of each block of C is never written. (With
// THREAD_WORK = TILE_SIZE there is one work-item per row and the bug is
// invisible: the test runs it with TILE_SIZE = 32, THREAD_WORK = 8.)
#ifndef TILE_SIZE
#define TILE_SIZE 32
#endif
#ifndef THREAD_WORK
#define THREAD_WORK 8
#endif
#define GROUP_COLS (TILE_SIZE / THREAD_WORK)

__kernel void matmul(__global const float* a, __global const float* b, __global float* c, uint M, uint K, uint N)
{
    __local float a_tile[TILE_SIZE][TILE_SIZE];
    __local float b_tile[TILE_SIZE][TILE_SIZE];
    const uint lx = get_local_id(0);
    const uint ly = get_local_id(1);
    const uint block_col = get_group_id(0) * TILE_SIZE;
    const uint row = get_group_id(1) * TILE_SIZE + ly;
    float acc[THREAD_WORK];
    for (int w = 0; w < THREAD_WORK; ++w) acc[w] = 0.0f;
    for (uint k0 = 0; k0 < K; k0 += TILE_SIZE) {
        for (int w = 0; w < THREAD_WORK; ++w) {
            const uint tile_col = lx + w * GROUP_COLS;
            a_tile[ly][tile_col] = a[row * K + k0 + tile_col];
            b_tile[ly][tile_col] = b[(k0 + ly) * N + block_col + tile_col];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (uint k = 0; k < TILE_SIZE; ++k) {
            const float a_value = a_tile[ly][k];
            for (int w = 0; w < THREAD_WORK; ++w) acc[w] += a_value * b_tile[k][lx + w];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    for (int w = 0; w < THREAD_WORK; ++w) c[row * N + block_col + lx + w] = acc[w];
}
