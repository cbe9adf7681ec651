// Lab 04 with 16 written where TILE_SIZE belongs in the tiles and the multiply loop: the tiles
// are 16 × 16 and the loop runs to 16, while the loads and the steps use TILE_SIZE. At
// TILE_SIZE = 16 it is the solution. At TILE_SIZE = 8 the loop also reads columns 8..15 of
// a_tile and rows 8..15 of b_tile, which no work-item ever writes: where that local memory
// holds zeros (as in labcheck's fresh PoCL worker) the products add 0 and every result is
// right, at any size.
// Only a check of reads from unwritten local memory (Oclgrind) sees it.

#ifndef TILE_SIZE
#define TILE_SIZE 16
#endif

__kernel void matmul(__global const float* a, __global const float* b, __global float* c, uint M, uint K, uint N)
{
    __local float a_tile[16][16];  // BUG: 16, not TILE_SIZE
    __local float b_tile[16][16];

    const uint lx = get_local_id(0);
    const uint ly = get_local_id(1);
    const uint col = get_group_id(0) * TILE_SIZE + lx;
    const uint row = get_group_id(1) * TILE_SIZE + ly;

    float sum = 0.0f;
    const uint steps = (K + TILE_SIZE - 1) / TILE_SIZE;
    for (uint t = 0; t < steps; ++t) {
        const uint a_col = t * TILE_SIZE + lx;
        const uint b_row = t * TILE_SIZE + ly;
        a_tile[ly][lx] = (row < M && a_col < K) ? a[row * K + a_col] : 0.0f;
        b_tile[ly][lx] = (b_row < K && col < N) ? b[b_row * N + col] : 0.0f;
        barrier(CLK_LOCAL_MEM_FENCE);

        for (uint k = 0; k < 16; ++k) {  // BUG: 16, not TILE_SIZE
            sum += a_tile[ly][k] * b_tile[k][lx];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }

    if (row < M && col < N) {
        c[row * N + col] = sum;
    }
}
