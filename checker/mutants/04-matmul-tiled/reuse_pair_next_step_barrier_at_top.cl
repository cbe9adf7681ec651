// Mutant "reuse_pair_next_step_barrier_at_top" (lab 04): BUG, write-after-read race on a double buffer.
// Two pairs of tiles, one barrier per step at the top of the step, with the next pair prefetched
// before that barrier: step t fills pair (t + 1) % 2, waits, multiplies pair t % 2. But pair
// (t + 1) % 2 is the pair step t - 1 multiplied, after the last barrier: a fast work-item
// overwrites tiles a slow one is still reading. (Three pairs make this shape correct:
// correct_triple_buffer_prefetch_barrier_at_top.cl.)
// Fix: a barrier at the end of the step too, or a third pair.
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

    As[0][ly][lx] = (row < M && lx < K) ? a[row * K + lx] : 0.0f;
    Bs[0][ly][lx] = (ly < K && col < N) ? b[ly * N + col] : 0.0f;

    float sum = 0.0f;
    for (uint t = 0; t < steps; ++t) {
        const uint next = (t + 1) % 2;
        const uint k0 = (t + 1) * TILE_SIZE;
        As[next][ly][lx] = (row < M && k0 + lx < K) ? a[row * K + k0 + lx] : 0.0f;  // BUG: pair read in step t - 1
        Bs[next][ly][lx] = (k0 + ly < K && col < N) ? b[(k0 + ly) * N + col] : 0.0f;
        barrier(CLK_LOCAL_MEM_FENCE);
        for (uint k = 0; k < TILE_SIZE; ++k)
            sum += As[t % 2][ly][k] * Bs[t % 2][k][lx];
    }
    if (row < M && col < N)
        c[row * N + col] = sum;
}
