// Mutant "correct_barrier_if_k_positive" (lab 04): correct, no bug.
// A cautious student guards the first barrier with `if (K > 0)`: K is a kernel argument, the same
// for the whole work-group, so every work-item reaches the barrier (the loop does not even run
// when K is 0). int indices, a while loop over k0, a flat B tile.
#ifndef TILE_SIZE
#define TILE_SIZE 16
#endif

__kernel void matmul(__global const float* a, __global const float* b, __global float* c,
                     uint M, uint K, uint N)
{
    __local float a_tile[TILE_SIZE][TILE_SIZE];
    __local float b_tile[TILE_SIZE * TILE_SIZE];
    const int tx = get_local_id(0);
    const int ty = get_local_id(1);
    const int row = get_group_id(1) * TILE_SIZE + ty;
    const int col = get_group_id(0) * TILE_SIZE + tx;

    float acc = 0.0f;
    int k0 = 0;
    while (k0 < (int)K) {
        float av = 0.0f, bv = 0.0f;
        if (row < (int)M && k0 + tx < (int)K) av = a[row * (int)K + k0 + tx];
        if (k0 + ty < (int)K && col < (int)N) bv = b[(k0 + ty) * (int)N + col];
        a_tile[ty][tx] = av;
        b_tile[ty * TILE_SIZE + tx] = bv;
        if (K > 0)
            barrier(CLK_LOCAL_MEM_FENCE);
        for (int k = 0; k < TILE_SIZE; k++)
            acc = fma(a_tile[ty][k], b_tile[k * TILE_SIZE + tx], acc);
        barrier(CLK_LOCAL_MEM_FENCE);
        k0 += TILE_SIZE;
    }
    if (row < (int)M && col < (int)N)
        c[row * (int)N + col] = acc;
}
