// Bug: the partial sums live in __local memory that is never set to zero, so
// each result starts from whatever the previous work-group or launch left
// there: the output changes from one identical run to the next.
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
    __local float sums[TILE_SIZE][TILE_SIZE];  // one slot per output of the block, owned by one work-item

    const uint lx = get_local_id(0);
    const uint ly = get_local_id(1);
    const uint block_col = get_group_id(0) * TILE_SIZE;
    const uint row = get_group_id(1) * TILE_SIZE + ly;

    for (uint k0 = 0; k0 < K; k0 += TILE_SIZE) {
        for (int w = 0; w < THREAD_WORK; ++w) {
            const uint col = lx + w * GROUP_COLS;
            a_tile[ly][col] = a[row * K + k0 + col];
            b_tile[ly][col] = b[(k0 + ly) * N + block_col + col];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (uint k = 0; k < TILE_SIZE; ++k) {
            const float a_value = a_tile[ly][k];
            for (int w = 0; w < THREAD_WORK; ++w) sums[ly][lx + w * GROUP_COLS] += a_value * b_tile[k][lx + w * GROUP_COLS];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }

    for (int w = 0; w < THREAD_WORK; ++w) c[row * N + block_col + lx + w * GROUP_COLS] = sums[ly][lx + w * GROUP_COLS];
}
