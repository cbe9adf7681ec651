// Runtime mutant (lab 04): BUG at the K edge: the loop runs K / TILE_SIZE steps,
// rounding down, so the last partial tile of K is never added (and nothing at
// all when K < TILE_SIZE). Barriers are right; only the result is wrong.
#ifndef TILE_SIZE
#define TILE_SIZE 16
#endif

__kernel void matmul(__global const float* a, __global const float* b, __global float* c, uint M, uint K, uint N)
{
    __local float a_tile[TILE_SIZE][TILE_SIZE];
    __local float b_tile[TILE_SIZE][TILE_SIZE];
    const uint lx = get_local_id(0);
    const uint ly = get_local_id(1);
    const uint col = get_global_id(0);
    const uint row = get_global_id(1);
    float sum = 0.0f;
    for (uint t = 0; t < K / TILE_SIZE; ++t) {  // BUG: rounds down
        const uint k0 = t * TILE_SIZE;
        a_tile[ly][lx] = row < M ? a[row * K + k0 + lx] : 0.0f;
        b_tile[ly][lx] = col < N ? b[(k0 + ly) * N + col] : 0.0f;
        barrier(CLK_LOCAL_MEM_FENCE);
        for (uint kk = 0; kk < TILE_SIZE; ++kk)
            sum += a_tile[ly][kk] * b_tile[kk][lx];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (row < M && col < N)
        c[row * N + col] = sum;
}
