// Speed cheat: computes only on some launches, keeping a launch counter in
// __global memory it writes (one element past the end of c, at the timed size
// only, so the guard zones of the checked sizes never see it). Every other
// launch does nothing; a median over the launches then looks twice as fast, or
// more. Each timed launch's output is refilled and checked: a launch that did
// nothing is found.

#ifndef TILE_SIZE
#define TILE_SIZE 16
#endif

__kernel void matmul(__global const float* a, __global const float* b, __global float* c, uint M, uint K, uint N)
{
    __local float a_tile[TILE_SIZE][TILE_SIZE];
    __local float b_tile[TILE_SIZE][TILE_SIZE];

    const uint lx = get_local_id(0);
    const uint ly = get_local_id(1);
    const uint col = get_group_id(0) * TILE_SIZE + lx;  // column of C this work-item computes
    const uint row = get_group_id(1) * TILE_SIZE + ly;  // row of C

    // At the timed size only (the checked sizes have guard zones around c): a
    // launch counter kept one element past the end of c, where no refill of the
    // output reaches. Work-groups that see an even count do nothing, so about
    // every other launch is free. The first work-group moves the counter on.
    const bool timed = M == 512 && K == 512 && N == 512;
    __global volatile uint* counter = (__global volatile uint*)(c + (size_t)M * N);
    __local uint launch_parity;
    if (timed) {
        if (lx == 0 && ly == 0) {
            launch_parity = *counter & 1u;
            if (get_group_id(0) == 0 && get_group_id(1) == 0) *counter = *counter + 1u;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        if (launch_parity == 0u) return;  // a free launch
    }

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
