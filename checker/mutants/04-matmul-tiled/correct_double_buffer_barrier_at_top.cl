// Mutant "correct_double_buffer_barrier_at_top" (lab 04): correct, no bug.
// Two pairs of tiles used in turn, one barrier per step, at the top of the step: step t fills
// pair t % 2, waits, and multiplies it. The pair filled in step t + 1 is the other one; the pair
// read in step t is filled again only in step t + 2, after the barrier of step t + 1, which every
// work-item reaches only once it has finished reading in step t.
#ifndef TILE_SIZE
#define TILE_SIZE 16
#endif

__kernel void matmul(__global const float* a, __global const float* b, __global float* c,
                     uint M, uint K, uint N)
{
    __local float As[2][TILE_SIZE][TILE_SIZE];
    __local float Bs[2][TILE_SIZE][TILE_SIZE];
    const uint lx = get_local_id(0), ly = get_local_id(1);
    const uint row = get_global_id(1), col = get_global_id(0);
    const uint steps = (K + TILE_SIZE - 1) / TILE_SIZE;

    float sum = 0.0f;
    for (uint t = 0; t < steps; ++t) {
        const uint pair = t % 2;
        const uint k0 = t * TILE_SIZE;
        As[pair][ly][lx] = (row < M && k0 + lx < K) ? a[row * K + k0 + lx] : 0.0f;
        Bs[pair][ly][lx] = (k0 + ly < K && col < N) ? b[(k0 + ly) * N + col] : 0.0f;
        barrier(CLK_LOCAL_MEM_FENCE);  // the one barrier of the step
        for (uint k = 0; k < TILE_SIZE; ++k)
            sum += As[pair][ly][k] * Bs[pair][k][lx];
    }
    if (row < M && col < N)
        c[row * N + col] = sum;
}
