// Mutant "prefetch_into_tile_being_read" (lab 04): BUG, write-after-read race in one step.
// The next step's elements are fetched into registers early (good), but then stored into the very
// tiles the multiply just read, with no barrier between the reads and the stores: a fast
// work-item overwrites As/Bs while slower ones are still reading the current step's values.
// Fix: barrier(CLK_LOCAL_MEM_FENCE) between the multiply and the stores (or a second pair of tiles).
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

    As[ly][lx] = (row < M && lx < K) ? a[row * K + lx] : 0.0f;
    Bs[ly][lx] = (ly < K && col < N) ? b[ly * N + col] : 0.0f;
    barrier(CLK_LOCAL_MEM_FENCE);

    float sum = 0.0f;
    for (uint t = 0; t < steps; ++t) {
        const uint k0 = (t + 1) * TILE_SIZE;
        const float a_next = (row < M && k0 + lx < K) ? a[row * K + k0 + lx] : 0.0f;
        const float b_next = (k0 + ly < K && col < N) ? b[(k0 + ly) * N + col] : 0.0f;
        for (uint k = 0; k < TILE_SIZE; ++k)
            sum += As[ly][k] * Bs[k][lx];
        As[ly][lx] = a_next;  // BUG: others may still be reading As and Bs
        Bs[ly][lx] = b_next;
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (row < M && col < N)
        c[row * N + col] = sum;
}
