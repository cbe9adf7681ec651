// Runtime mutant (lab 04): BUG. 1-D tiles, and the inner loop runs k <= TILE_SIZE:
// its last step reads one element past each row of a_tile (inside the array but
// for the last row) and a whole row past the end of b_tile.
#ifndef TILE_SIZE
#define TILE_SIZE 16
#endif

__kernel void matmul(__global const float* a, __global const float* b, __global float* c, uint M, uint K, uint N)
{
    __local float a_tile[TILE_SIZE * TILE_SIZE];
    __local float b_tile[TILE_SIZE * TILE_SIZE];
    const uint lx = get_local_id(0), ly = get_local_id(1);
    const uint col = get_global_id(0), row = get_global_id(1);
    float acc = 0.0f;
    for (uint k0 = 0; k0 < K; k0 += TILE_SIZE) {
        a_tile[ly * TILE_SIZE + lx] = (row < M && k0 + lx < K) ? a[row * K + k0 + lx] : 0.0f;
        b_tile[ly * TILE_SIZE + lx] = (k0 + ly < K && col < N) ? b[(k0 + ly) * N + col] : 0.0f;
        barrier(CLK_LOCAL_MEM_FENCE);
        for (uint k = 0; k <= TILE_SIZE; ++k)
            acc += a_tile[ly * TILE_SIZE + k] * b_tile[k * TILE_SIZE + lx];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (row < M && col < N)
        c[row * N + col] = acc;
}
