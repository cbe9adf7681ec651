// Runtime mutant (lab 04): CORRECT. Two partial sums (even and odd k) and the
// tile loads done by a helper function that takes the tiles as __local pointers.
#ifndef TILE_SIZE
#define TILE_SIZE 16
#endif

void load_tiles(__local float* a_tile, __local float* b_tile, __global const float* a, __global const float* b,
                uint row, uint col, uint k0, uint lx, uint ly, uint M, uint K, uint N)
{
    a_tile[ly * TILE_SIZE + lx] = (row < M && k0 + lx < K) ? a[row * K + k0 + lx] : 0.0f;
    b_tile[ly * TILE_SIZE + lx] = (k0 + ly < K && col < N) ? b[(k0 + ly) * N + col] : 0.0f;
}

__kernel void matmul(__global const float* a, __global const float* b, __global float* c, uint M, uint K, uint N)
{
    __local float a_tile[TILE_SIZE * TILE_SIZE];
    __local float b_tile[TILE_SIZE * TILE_SIZE];
    const uint lx = get_local_id(0);
    const uint ly = get_local_id(1);
    const uint col = get_global_id(0);
    const uint row = get_global_id(1);
    float even = 0.0f, odd = 0.0f;
    for (uint k0 = 0; k0 < K; k0 += TILE_SIZE) {
        load_tiles(a_tile, b_tile, a, b, row, col, k0, lx, ly, M, K, N);
        barrier(CLK_LOCAL_MEM_FENCE);
        for (uint kk = 0; kk + 1 < TILE_SIZE; kk += 2) {
            even += a_tile[ly * TILE_SIZE + kk] * b_tile[kk * TILE_SIZE + lx];
            odd += a_tile[ly * TILE_SIZE + kk + 1] * b_tile[(kk + 1) * TILE_SIZE + lx];
        }
        if (TILE_SIZE % 2 == 1)
            even += a_tile[ly * TILE_SIZE + TILE_SIZE - 1] * b_tile[(TILE_SIZE - 1) * TILE_SIZE + lx];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (row < M && col < N)
        c[row * N + col] = even + odd;
}
