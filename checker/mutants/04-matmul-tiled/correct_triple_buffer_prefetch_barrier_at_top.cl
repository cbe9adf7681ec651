// Mutant "correct_triple_buffer_prefetch_barrier_at_top" (lab 04): correct, no bug.
// Three pairs of tiles used in turn, one barrier per step, at the top of the step: step t
// prefetches pair (t + 1) % 3, waits, and multiplies pair t % 3 (filled in step t - 1, before
// this barrier). The pair read in step t is filled again in step t + 2, after the barrier of
// step t + 1. (With two pairs this shape is a race: see reuse_pair_next_step_barrier_at_top.cl.)
#ifndef TILE_SIZE
#define TILE_SIZE 16
#endif

float element_or_zero(__global const float* m, uint rows, uint cols, uint r, uint k)
{
    return (r < rows && k < cols) ? m[r * cols + k] : 0.0f;
}

__kernel void matmul(__global const float* a, __global const float* b, __global float* c,
                     uint M, uint K, uint N)
{
    __local float As[3][TILE_SIZE][TILE_SIZE];
    __local float Bs[3][TILE_SIZE][TILE_SIZE];
    const uint lx = get_local_id(0), ly = get_local_id(1);
    const uint row = get_global_id(1), col = get_global_id(0);
    const uint steps = (K + TILE_SIZE - 1) / TILE_SIZE;

    As[0][ly][lx] = element_or_zero(a, M, K, row, lx);
    Bs[0][ly][lx] = element_or_zero(b, K, N, ly, col);

    float sum = 0.0f;
    for (uint t = 0; t < steps; t++) {
        const uint next = (t + 1) % 3;
        const uint k0 = (t + 1) * TILE_SIZE;
        As[next][ly][lx] = element_or_zero(a, M, K, row, k0 + lx);
        Bs[next][ly][lx] = element_or_zero(b, K, N, k0 + ly, col);
        barrier(CLK_LOCAL_MEM_FENCE);  // the one barrier of the step
        for (uint k = 0; k < TILE_SIZE; k++)
            sum = mad(As[t % 3][ly][k], Bs[t % 3][k][lx], sum);
    }
    if (row < M && col < N)
        c[row * N + col] = sum;
}
