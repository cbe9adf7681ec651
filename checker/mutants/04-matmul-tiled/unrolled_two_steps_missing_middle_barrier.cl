// Mutant "unrolled_two_steps_missing_middle_barrier" (lab 04): BUG, write-after-read race.
// The tile loop is unrolled by hand, two K steps per iteration. The first half has its load
// barrier but not the barrier after its multiply, so the second half's loads overwrite the tiles
// while slower work-items still multiply the first half's values.
// Fix: barrier(CLK_LOCAL_MEM_FENCE) after the first multiply.
#ifndef TILE_SIZE
#define TILE_SIZE 16
#endif


__kernel void matmul(__global const float* a, __global const float* b, __global float* c,
                     uint M, uint K, uint N)
{
    __local float a_tile[TILE_SIZE][TILE_SIZE];
    __local float b_tile[TILE_SIZE][TILE_SIZE + 1];
    const int tx = get_local_id(0), ty = get_local_id(1);
    const int row = get_global_id(1), col = get_global_id(0);

    float acc0 = 0.0f, acc1 = 0.0f;
    for (int k0 = 0; k0 < (int)K; k0 += 2 * TILE_SIZE) {
        a_tile[ty][tx] = (row < M && k0 + tx < K) ? a[row * K + k0 + tx] : 0.0f;
        b_tile[ty][tx] = (k0 + ty < K && col < N) ? b[(k0 + ty) * N + col] : 0.0f;
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int k = 0; k < TILE_SIZE; ++k)
            acc0 += a_tile[ty][k] * b_tile[k][tx];

        const int k1 = k0 + TILE_SIZE;
        a_tile[ty][tx] = (row < M && k1 + tx < K) ? a[row * K + k1 + tx] : 0.0f;  // BUG: no barrier before
        b_tile[ty][tx] = (k1 + ty < K && col < N) ? b[(k1 + ty) * N + col] : 0.0f;
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int k = 0; k < TILE_SIZE; ++k)
            acc1 += a_tile[ty][k] * b_tile[k][tx];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (row < M && col < N)
        c[row * N + col] = acc0 + acc1;
}
