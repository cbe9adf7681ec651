// Mutant "stash_into_current_half" (lab 04): BUG, write-after-read race on a double buffer.
// Two halves, `cur = t % 2` being multiplied, the next A tile meant for the other half. The A tile
// is stashed into the *current* half instead (As[cur]), which every work-item is still reading in
// this step: nothing separates those reads from the store. (B goes to the right half.)
// Fix: store into As[1 - cur], as for B.
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
        const uint cur = t % 2;
        for (uint k = 0; k < TILE_SIZE; ++k)
            sum += As[cur][ly][k] * Bs[cur][k][lx];
        const uint k0 = (t + 1) * TILE_SIZE;
        As[cur][ly][lx] = (row < M && k0 + lx < K) ? a[row * K + k0 + lx] : 0.0f;  // BUG: the half being read
        Bs[1 - cur][ly][lx] = (k0 + ly < K && col < N) ? b[(k0 + ly) * N + col] : 0.0f;
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (row < M && col < N)
        c[row * N + col] = sum;
}
