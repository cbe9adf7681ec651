// Mutant "correct_local_accumulators" (lab 04): correct, no bug.
// The running sums live in __local memory, one element per work-item: acc[ly][lx] is written and
// read back only by its own work-item, so it needs no barrier of its own. int indices, fma.
#ifndef TILE_SIZE
#define TILE_SIZE 16
#endif

__kernel void matmul(__global const float* a, __global const float* b, __global float* c,
                     uint M, uint K, uint N)
{
    __local float As[TILE_SIZE][TILE_SIZE];
    __local float Bs[TILE_SIZE][TILE_SIZE];
    __local float acc[TILE_SIZE][TILE_SIZE];
    int lx = get_local_id(0), ly = get_local_id(1);
    int row = get_global_id(1), col = get_global_id(0);

    acc[ly][lx] = 0.0f;
    for (int k0 = 0; k0 < (int)K; k0 += TILE_SIZE) {
        As[ly][lx] = (row < (int)M && k0 + lx < (int)K) ? a[row * (int)K + k0 + lx] : 0.0f;
        Bs[ly][lx] = (k0 + ly < (int)K && col < (int)N) ? b[(k0 + ly) * (int)N + col] : 0.0f;
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int k = 0; k < TILE_SIZE; ++k)
            acc[ly][lx] = fma(As[ly][k], Bs[k][lx], acc[ly][lx]);
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (row < (int)M && col < (int)N)
        c[row * (int)N + col] = acc[ly][lx];
}
