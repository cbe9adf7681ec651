// Lab 02: transpose through local memory.
//
// Same contract as lab 01: a is m × k, at is k × m, at[col*m + row] = a[row*k + col].
// NDRange (roundup(k, TILE_SIZE), roundup(m, TILE_SIZE)), work-groups of
// TILE_SIZE × TILE_SIZE. Each work-group moves one TILE_SIZE × TILE_SIZE block:
//
//   1. read the block of a into local memory, each work-item one element,
//      consecutive work-items reading consecutive floats of a row (coalesced);
//   2. wait until the whole block is in local memory;
//   3. write the block to its transposed place in at, again with consecutive
//      work-items writing consecutive floats of a row (coalesced), reading the
//      local tile down a column instead.

#ifndef TILE_SIZE
#define TILE_SIZE 16
#endif

__kernel void transpose(__global const float* a, __global float* at, uint m, uint k)
{
    // TODO 4 (after it works): reading the tile down a column makes every
    //         work-item of a row hit the same local-memory bank. Pad the rows
    //         of the tile to remove the conflicts (README, "Bank conflicts").
    __local float tile[TILE_SIZE][TILE_SIZE];

    const uint lx = get_local_id(0);
    const uint ly = get_local_id(1);
    const uint block_col = get_group_id(0) * TILE_SIZE;  // first column of a in this block
    const uint block_row = get_group_id(1) * TILE_SIZE;  // first row of a in this block

    // TODO 1: load element (row block_row + ly, column block_col + lx) of a
    //         into tile[ly][lx], if that element exists.

    // TODO 2: make every work-item wait until the whole tile is loaded. Every
    //         work-item of the group must reach this point, including those
    //         outside the matrix: do not return early above.

    // TODO 3: store the transposed block. The work-item (lx, ly) writes row
    //         block_col + ly, column block_row + lx of at, if it exists; the
    //         value it writes is element (lx, ly) of the tile.
}
