// Correct, another style: each work-item owns THREAD_WORK neighbouring columns
// (lx·THREAD_WORK + w) instead of strided ones, with int indices and a helper
// that computes one row of a tile product. Less coalesced on a GPU, right everywhere.
#ifndef TILE_SIZE
#define TILE_SIZE 32
#endif
#ifndef THREAD_WORK
#define THREAD_WORK 8
#endif

void accumulate(__local float* a_row, __local float (*b_tile)[TILE_SIZE], int first_col,
                float* acc)
{
    for (int k = 0; k < TILE_SIZE; ++k) {
        const float a_value = a_row[k];
        for (int w = 0; w < THREAD_WORK; ++w) acc[w] = fma(a_value, b_tile[k][first_col + w], acc[w]);
    }
}

__kernel void matmul(__global const float* a, __global const float* b, __global float* c, uint M, uint K, uint N)
{
    __local float a_tile[TILE_SIZE][TILE_SIZE];
    __local float b_tile[TILE_SIZE][TILE_SIZE];

    const int first_col = (int)get_local_id(0) * THREAD_WORK;  // this work-item's columns in the tile
    const int ly = (int)get_local_id(1);
    const int row = (int)get_group_id(1) * TILE_SIZE + ly;
    const int block_col = (int)get_group_id(0) * TILE_SIZE;

    float acc[THREAD_WORK];
    for (int w = 0; w < THREAD_WORK; ++w) acc[w] = 0.0f;

    for (int k0 = 0; k0 < (int)K; k0 += TILE_SIZE) {
        for (int w = 0; w < THREAD_WORK; ++w) {
            a_tile[ly][first_col + w] = a[row * (int)K + k0 + first_col + w];
            b_tile[ly][first_col + w] = b[(k0 + ly) * (int)N + block_col + first_col + w];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        accumulate(a_tile[ly], b_tile, first_col, acc);
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    for (int w = 0; w < THREAD_WORK; ++w) c[row * (int)N + block_col + first_col + w] = acc[w];
}
