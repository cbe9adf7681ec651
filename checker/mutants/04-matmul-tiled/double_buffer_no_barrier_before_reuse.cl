// Mutant "double_buffer_no_barrier_before_reuse" (lab 04): BUG, write-after-read race on a double buffer.
// Two pairs of tiles in turn (cur = t & 1, the other pair cur ^ 1). Each step stores the next
// pair, waits once, and multiplies the current pair. The stores are safe to read (the barrier
// lies between), but the pair stored in step t + 1 is the one multiplied in step t, after the
// only barrier: no barrier lies between those reads and the stores that reuse the pair.
// Fix: a second barrier at the end of the step.
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
    for (uint t = 0; t < steps; t++) {
        const uint cur = t & 1;
        const uint k0 = (t + 1) * TILE_SIZE;
        As[cur ^ 1][ly][lx] = (row < M && k0 + lx < K) ? a[row * K + k0 + lx] : 0.0f;  // BUG: read in step t - 1
        Bs[cur ^ 1][ly][lx] = (k0 + ly < K && col < N) ? b[(k0 + ly) * N + col] : 0.0f;
        barrier(CLK_LOCAL_MEM_FENCE);  // the only barrier of the step
        for (uint k = 0; k < TILE_SIZE; ++k)
            sum += As[cur][ly][k] * Bs[cur][k][lx];
    }
    if (row < M && col < N)
        c[row * N + col] = sum;
}
