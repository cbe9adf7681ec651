// Style (lab 04): correct, written differently from the solution: padded
// tiles ([TILE_SIZE][TILE_SIZE + 1]), a helper function for the guarded load,
// an unrolled inner loop with fma().
#ifndef TILE_SIZE
#define TILE_SIZE 16
#endif

float element_or_zero(__global const float* m, uint rows, uint cols, uint r, uint c)
{
    return (r < rows && c < cols) ? m[r * cols + c] : 0.0f;
}

__kernel void matmul(__global const float* a, __global const float* b, __global float* c, uint M, uint K, uint N)
{
    __local float a_tile[TILE_SIZE][TILE_SIZE + 1];
    __local float b_tile[TILE_SIZE][TILE_SIZE + 1];
    const uint lx = get_local_id(0);
    const uint ly = get_local_id(1);
    const uint col = get_group_id(0) * TILE_SIZE + lx;
    const uint row = get_group_id(1) * TILE_SIZE + ly;

    float sum = 0.0f;
    for (uint k0 = 0; k0 < K; k0 += TILE_SIZE) {
        a_tile[ly][lx] = element_or_zero(a, M, K, row, k0 + lx);
        b_tile[ly][lx] = element_or_zero(b, K, N, k0 + ly, col);
        barrier(CLK_LOCAL_MEM_FENCE);
#pragma unroll
        for (uint k = 0; k < TILE_SIZE; ++k) sum = fma(a_tile[ly][k], b_tile[k][lx], sum);
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (row < M && col < N) c[row * N + col] = sum;
}
