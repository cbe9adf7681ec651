// Mutant "correct_double_buffer_barrier_if_more" (lab 04): correct, no bug.
// Two pairs of tiles used in turn. Each step multiplies the current pair, then, if there is a next
// step, loads the other pair and waits once: `more` depends only on the loop counter and K, so it
// is the same for the whole work-group. The pair loaded in step t is overwritten in step t + 2,
// after the barrier of step t + 1.
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
    barrier(CLK_LOCAL_MEM_FENCE);

    float sum = 0.0f;
    for (uint t = 0; t < steps; ++t) {
        const uint cur = t & 1;
        const uint nxt = cur ^ 1;
        for (uint k = 0; k < TILE_SIZE; ++k)
            sum += As[cur][ly][k] * Bs[cur][k][lx];
        const bool more = t + 1 < steps;
        if (more) {
            const uint k0 = (t + 1) * TILE_SIZE;
            As[nxt][ly][lx] = (row < M && k0 + lx < K) ? a[row * K + k0 + lx] : 0.0f;
            Bs[nxt][ly][lx] = (k0 + ly < K && col < N) ? b[(k0 + ly) * N + col] : 0.0f;
            barrier(CLK_LOCAL_MEM_FENCE);
        }
    }
    if (row < M && col < N)
        c[row * N + col] = sum;
}
