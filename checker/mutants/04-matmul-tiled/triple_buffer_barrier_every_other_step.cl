// Mutant "triple_buffer_barrier_every_other_step" (lab 04): BUG, races on a triple buffer.
// Three pairs of tiles used in turn, the next pair prefetched while the current one is multiplied.
// Thinking three pairs leave room, the loop goes two steps per iteration with one barrier per
// iteration. But the pair prefetched in the first half is multiplied in the second half with no
// barrier since its stores.
// Fix: a barrier after each half (one per step).
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
    barrier(CLK_LOCAL_MEM_FENCE);

    float sum = 0.0f;
    for (uint t = 0; t < steps; t += 2) {
        const uint cur = t % 3, mid = (t + 1) % 3, nxt = (t + 2) % 3;
        As[mid][ly][lx] = element_or_zero(a, M, K, row, (t + 1) * TILE_SIZE + lx);
        Bs[mid][ly][lx] = element_or_zero(b, K, N, (t + 1) * TILE_SIZE + ly, col);
        for (uint k = 0; k < TILE_SIZE; ++k)
            sum += As[cur][ly][k] * Bs[cur][k][lx];
        As[nxt][ly][lx] = element_or_zero(a, M, K, row, (t + 2) * TILE_SIZE + lx);
        Bs[nxt][ly][lx] = element_or_zero(b, K, N, (t + 2) * TILE_SIZE + ly, col);
        if (t + 1 < steps)
            for (uint k = 0; k < TILE_SIZE; ++k)
                sum += As[mid][ly][k] * Bs[mid][k][lx];  // BUG: stored above by others, no barrier since
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (row < M && col < N)
        c[row * N + col] = sum;
}
