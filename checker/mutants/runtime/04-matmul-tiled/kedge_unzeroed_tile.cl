// Runtime mutant (lab 04): BUG at the K edge: past K the tiles are not loaded
// and not set to zero, so the last step adds whatever the tiles held before
// (the previous step's values, or never-written local memory).
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
    for (uint k0 = 0; k0 < K; k0 += TILE_SIZE) {
        if (row < M && k0 + lx < K) a_tile[ly][lx] = a[row * K + k0 + lx];  // BUG: no zero outside
        if (k0 + ly < K && col < N) b_tile[ly][lx] = b[(k0 + ly) * N + col];  // BUG: no zero outside
        barrier(CLK_LOCAL_MEM_FENCE);
        for (uint kk = 0; kk < TILE_SIZE; ++kk)
            sum += a_tile[ly][kk] * b_tile[kk][lx];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (row < M && col < N)
        c[row * N + col] = sum;
}
