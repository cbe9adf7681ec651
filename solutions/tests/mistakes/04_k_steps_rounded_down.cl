// Mistake (lab 04): the number of steps along K is K / TILE_SIZE, rounded
// down, so the last partial tile of K is never added (and for K < TILE_SIZE
// nothing is).
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
    for (uint t = 0; t < K / TILE_SIZE; ++t) {
        const uint k0 = t * TILE_SIZE;
        a_tile[ly][lx] = (row < M && k0 + lx < K) ? a[row * K + k0 + lx] : 0.0f;
        b_tile[ly][lx] = (k0 + ly < K && col < N) ? b[(k0 + ly) * N + col] : 0.0f;
        barrier(CLK_LOCAL_MEM_FENCE);
        for (uint k = 0; k < TILE_SIZE; ++k) sum += a_tile[ly][k] * b_tile[k][lx];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (row < M && col < N) c[row * N + col] = sum;
}
