// Mutant "correct_barrier_unless_last_step" (lab 04): correct, no bug.
// The second barrier of each step is skipped in the last step: `t + 1 < steps` is the same for
// every work-item of the group (t and steps come only from the loop and the kernel arguments), so
// either all of them wait there or none does, and after the last step nobody overwrites the tiles.
#ifndef TILE_SIZE
#define TILE_SIZE 16
#endif

__kernel void matmul(__global const float* a, __global const float* b, __global float* c,
                     uint M, uint K, uint N)
{
    __local float As[TILE_SIZE][TILE_SIZE];
    __local float Bs[TILE_SIZE][TILE_SIZE];
    const uint lx = get_local_id(0), ly = get_local_id(1);
    const uint row = get_global_id(1), col = get_global_id(0);
    const uint steps = (K + TILE_SIZE - 1) / TILE_SIZE;

    float sum = 0.0f;
    for (uint t = 0; t < steps; ++t) {
        const uint k0 = t * TILE_SIZE;
        As[ly][lx] = (row < M && k0 + lx < K) ? a[row * K + k0 + lx] : 0.0f;
        Bs[ly][lx] = (k0 + ly < K && col < N) ? b[(k0 + ly) * N + col] : 0.0f;
        barrier(CLK_LOCAL_MEM_FENCE);
        for (uint k = 0; k < TILE_SIZE; ++k)
            sum += As[ly][k] * Bs[k][lx];
        if (t + 1 < steps)  // uniform: only the next step's loads need this wait
            barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (row < M && col < N)
        c[row * N + col] = sum;
}
