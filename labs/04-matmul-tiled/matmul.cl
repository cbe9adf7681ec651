// Lab 04: the matrix product with tiles in local memory.
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
// the A tile and a column of the B tile from there.

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

    // Every work-item runs every step, also those outside C (see TODO 2).
    const uint steps = (K + TILE_SIZE - 1) / TILE_SIZE;
    for (uint t = 0; t < steps; ++t) {
        const uint k0 = t * TILE_SIZE;  // first column of A (row of B) of this step

        // TODO 1: load one element of each tile:
        //             a_tile[ly][lx] = element (row, k0 + lx) of A
        //             b_tile[ly][lx] = element (k0 + ly, col) of B
        //         Where that element lies outside A or B, store 0.0f instead
        //         (README, "The edges": why zero, and why not skip the store).

        // TODO 2: wait until the whole work-group has stored its elements.
        //         Every work-item of the group must reach this barrier.

        // TODO 3: add the product of row ly of a_tile and column lx of b_tile
        //         (TILE_SIZE multiply-adds) to sum.

        // TODO 4: wait again before the next step overwrites the tiles.
    }

    if (row < M && col < N) {
        c[row * N + col] = sum;
    }
}
