// Runtime mutant (lab 04): BUG, the tiles are loaded with no bounds check, and
// only the store is guarded. The inner loop stops at K, so the values read past
// the edges are never used and C is right, but the work-groups at the edges read
// rows of a past its end and columns of b past its last row: Oclgrind names
// the loads.
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
        a_tile[ly][lx] = a[row * K + k0 + lx];    // BUG: row may be >= M, k0 + lx >= K
        b_tile[ly][lx] = b[(k0 + ly) * N + col];  // BUG: k0 + ly may be >= K, col >= N
        barrier(CLK_LOCAL_MEM_FENCE);
        const uint steps = min((uint)TILE_SIZE, K - k0);  // the partial K tile: only what exists
        for (uint kk = 0; kk < steps; ++kk)
            sum += a_tile[ly][kk] * b_tile[kk][lx];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (row < M && col < N)
        c[row * N + col] = sum;
}
