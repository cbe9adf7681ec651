// Lab 04 with one hard-coded 16: the tiles are TILE_SIZE wide and the loads use TILE_SIZE,
// but the multiply loop runs to 16. At TILE_SIZE = 16 it is the solution. At TILE_SIZE = 8
// it reads past the end of each row of a_tile (into the next row, and past a_tile's end)
// and past the end of b_tile: local memory nobody wrote in this step.

#ifndef TILE_SIZE
#define TILE_SIZE 16
#endif

__kernel void matmul(__global const float* a, __global const float* b, __global float* c, uint M, uint K, uint N)
{
    __local float a_tile[TILE_SIZE][TILE_SIZE];
    __local float b_tile[TILE_SIZE][TILE_SIZE];

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
