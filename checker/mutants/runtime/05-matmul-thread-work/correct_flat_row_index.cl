// Runtime mutant (lab 05): CORRECT. Unpadded 2-D tiles indexed as one long row,
// tile[0][r * TILE_SIZE + c]: every element is inside the tile, but the column
// index passes TILE_SIZE, which Oclgrind reports per dimension (a warning, not
// an error: the flat view is right).
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
    const uint lx = get_local_id(0), ly = get_local_id(1);
    const uint first_col = get_group_id(0) * TILE_SIZE + lx;
    const uint row = get_global_id(1);
    float acc[THREAD_WORK] = {0.0f};
    for (uint k0 = 0; k0 < K; k0 += TILE_SIZE) {
        for (uint w = 0; w < THREAD_WORK; ++w) {
            const uint tc = lx + w * GROUP_COLS;
            a_tile[0][ly * TILE_SIZE + tc] = a[row * K + k0 + tc];
            b_tile[0][ly * TILE_SIZE + tc] = b[(k0 + ly) * N + first_col + w * GROUP_COLS];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (uint k = 0; k < TILE_SIZE; ++k)
            for (uint w = 0; w < THREAD_WORK; ++w)
                acc[w] = mad(a_tile[0][ly * TILE_SIZE + k], b_tile[0][k * TILE_SIZE + lx + w * GROUP_COLS], acc[w]);
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    for (uint w = 0; w < THREAD_WORK; ++w)
        c[row * N + first_col + w * GROUP_COLS] = acc[w];
}
