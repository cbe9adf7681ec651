// Runtime mutant (lab 05): BUG. The accumulators are cleared with w <= THREAD_WORK:
// the last step writes one float past the end of the private array acc.
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
    const uint block_col = get_group_id(0) * TILE_SIZE;
    const uint row = get_global_id(1);
    float acc[THREAD_WORK];
    for (int w = 0; w <= THREAD_WORK; ++w)
        acc[w] = 0.0f;
    for (uint k0 = 0; k0 < K; k0 += TILE_SIZE) {
        for (int w = 0; w < THREAD_WORK; ++w) {
            a_tile[ly][lx + w * GROUP_COLS] = a[row * K + k0 + lx + w * GROUP_COLS];
            b_tile[ly][lx + w * GROUP_COLS] = b[(k0 + ly) * N + block_col + lx + w * GROUP_COLS];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (uint k = 0; k < TILE_SIZE; ++k)
            for (int w = 0; w < THREAD_WORK; ++w)
                acc[w] += a_tile[ly][k] * b_tile[k][lx + w * GROUP_COLS];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    for (int w = 0; w < THREAD_WORK; ++w)
        c[row * N + block_col + lx + w * GROUP_COLS] = acc[w];
}
