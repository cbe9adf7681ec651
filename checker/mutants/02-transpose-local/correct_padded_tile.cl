// Mutant "correct_padded_tile" (lab 02): the reference shape of a tiled transpose, no bug.
// A TILE_SIZE x TILE_SIZE block of `a` is read row by row into a padded __local tile
// (TILE_SIZE + 1 columns, so the column-wise read in phase 2 hits different banks), then written
// out transposed. Work-items past the edge of the matrix skip the load and the store but still
// reach the barrier. Unsigned (uint) indices throughout.
#ifndef TILE_SIZE
#define TILE_SIZE 16
#endif

__kernel void transpose(__global const float* a, __global float* at, uint m, uint k)
{
    __local float tile[TILE_SIZE][TILE_SIZE + 1];

    const uint lx = get_local_id(0);
    const uint ly = get_local_id(1);

    // Phase 1: this work-item's element of the block, read along a row of a (coalesced).
    const uint col = get_group_id(0) * TILE_SIZE + lx;  // column of a
    const uint row = get_group_id(1) * TILE_SIZE + ly;  // row of a
    if (row < m && col < k)
        tile[ly][lx] = a[row * k + col];

    barrier(CLK_LOCAL_MEM_FENCE);  // the whole tile is loaded

    // Phase 2: at is k rows x m columns; write along a row of at (coalesced).
    const uint out_col = get_group_id(1) * TILE_SIZE + lx;  // column of at = row of a
    const uint out_row = get_group_id(0) * TILE_SIZE + ly;  // row of at = column of a
    if (out_row < k && out_col < m)
        at[out_row * m + out_col] = tile[lx][ly];
}
