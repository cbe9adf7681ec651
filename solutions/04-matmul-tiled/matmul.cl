// Lab 04 solution: the matrix product with tiles in local memory.
//
// Same contract as lab 03: C (M × N) = A (M × K) · B (K × N), row-major,
// c[row*N + col] = sum over k of a[row*K + k] * b[k*N + col]. NDRange
// (roundup(N, TILE_SIZE), roundup(M, TILE_SIZE)), work-groups of
// TILE_SIZE × TILE_SIZE, one work-item per element of C.
//
// A work-group computes a TILE_SIZE × TILE_SIZE block of C. It walks K one
// tile at a time: it loads a tile of A (its rows, the next TILE_SIZE columns)
// and a tile of B (the next TILE_SIZE rows, its columns) into local memory,
// each work-item one element of each, and then every work-item reads a row of
// the A tile and a column of the B tile from there. Each float loaded from
// global memory is used TILE_SIZE times.

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

    float sum = 0.0f;

    // slide: load
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
        // end slide: load

        // slide: multiply
        for (uint k = 0; k < TILE_SIZE; ++k) {
            sum += a_tile[ly][k] * b_tile[k][lx];
        }

        // Write after read: the next step overwrites the tiles, which slower
        // work-items may still be reading.
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    // end slide: multiply

    // slide: store
    if (row < M && col < N) {
        c[row * N + col] = sum;
    }
    // end slide: store
}
