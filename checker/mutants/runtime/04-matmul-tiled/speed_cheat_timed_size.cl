// Speed cheat: the lab-04 solution, except that at the size the speedup stage
// times (512 × 512 × 512 on a CPU) it returns at once and computes nothing.
// No checked size is 512, so it passes correctness; the return is uniform (it
// depends on the arguments only), so it passes barriers. Before timed results
// were checked it was paid a "speedup" of thousands.

#ifndef TILE_SIZE
#define TILE_SIZE 16
#endif

__kernel void matmul(__global const float* a, __global const float* b, __global float* c, uint M, uint K, uint N)
{
    // The timed size: nothing to do, nobody looks.
    if (M == 512 && K == 512 && N == 512) return;

    __local float a_tile[TILE_SIZE][TILE_SIZE];
    __local float b_tile[TILE_SIZE][TILE_SIZE];

    const uint lx = get_local_id(0);
    const uint ly = get_local_id(1);
    const uint col = get_group_id(0) * TILE_SIZE + lx;  // column of C this work-item computes
    const uint row = get_group_id(1) * TILE_SIZE + ly;  // row of C

    float sum = 0.0f;

    // Every work-item runs every step, also those outside C: they load zeros
    // and reach both barriers, which all work-items of a group must.
    const uint steps = (K + TILE_SIZE - 1) / TILE_SIZE;
    for (uint t = 0; t < steps; ++t) {
        const uint k0 = t * TILE_SIZE;

        // Load: work-item (lx, ly) brings A[row][k0 + lx] and B[k0 + ly][col].
        // Past an edge of A or B it stores zero, so that the full-length loop
        // below adds 0 · x for the missing k instead of a stale or foreign value.
        const uint a_col = k0 + lx;
        const uint b_row = k0 + ly;
        a_tile[ly][lx] = (row < M && a_col < K) ? a[row * K + a_col] : 0.0f;
        b_tile[ly][lx] = (b_row < K && col < N) ? b[b_row * N + col] : 0.0f;

        // Read after write: the loop below reads elements other work-items stored.
        barrier(CLK_LOCAL_MEM_FENCE);

        for (uint k = 0; k < TILE_SIZE; ++k) {
            sum += a_tile[ly][k] * b_tile[k][lx];
        }

        // Write after read: the next step overwrites the tiles, which slower
        // work-items may still be reading.
        barrier(CLK_LOCAL_MEM_FENCE);
    }

    if (row < M && col < N) {
        c[row * N + col] = sum;
    }
}
