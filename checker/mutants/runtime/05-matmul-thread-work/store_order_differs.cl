// Bug: acc[w] is computed for column lx + w·GROUP_COLS (strided, as the tiles are
// read) but stored at column lx·THREAD_WORK + w (blocked). With one work-item per
// row (PoCL's defaults, TILE_SIZE = THREAD_WORK = 64) lx is always 0 and the two
// orders agree; with several work-items per row they put results in wrong columns.
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
            const uint col = lx + w * GROUP_COLS;
            a_tile[ly][col] = a[row * K + k0 + col];
            b_tile[ly][col] = b[(k0 + ly) * N + block_col + col];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (uint k = 0; k < TILE_SIZE; ++k) {
            const float a_value = a_tile[ly][k];
            for (int w = 0; w < THREAD_WORK; ++w) acc[w] += a_value * b_tile[k][lx + w * GROUP_COLS];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }

    for (int w = 0; w < THREAD_WORK; ++w) c[row * N + block_col + lx * THREAD_WORK + w] = acc[w];  // wrong order
}
