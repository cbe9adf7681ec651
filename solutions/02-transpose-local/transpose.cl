// Lab 02 solution: transpose through local memory.
//
// Same contract as lab 01: a is m × k, at is k × m, at[col*m + row] = a[row*k + col].
// NDRange (roundup(k, TILE_SIZE), roundup(m, TILE_SIZE)), work-groups of
// TILE_SIZE × TILE_SIZE. Each work-group moves one TILE_SIZE × TILE_SIZE block:
// a coalesced read of a into local memory, a barrier, and a coalesced write of
// the transposed block to at.
//
// Extension: with -D ROWS_PER_ITEM=R the work-group is TILE_SIZE × (TILE_SIZE / R)
// and each work-item moves R rows of the block, R work-group rows apart: a
// 32 × 32 tile fits in a work-group of 32 × 8 = 256 work-items (the most some
// GPUs allow), and every work-item has R loads in flight at once.

#ifndef TILE_SIZE
#define TILE_SIZE 16
#endif
// slide: rows-per-item
#ifndef ROWS_PER_ITEM
#define ROWS_PER_ITEM 1
#endif
#define GROUP_ROWS (TILE_SIZE / ROWS_PER_ITEM)  // work-items down a work-group
// end slide: rows-per-item

__kernel void transpose(__global const float* a, __global float* at, uint m, uint k)
{
    // slide: padded-tile
    // One float of padding per row: element (r, c) sits in bank (r*(TILE_SIZE+1) + c) % banks,
    // so the work-items reading a column of the tile (fixed c, r = 0, 1, ...) hit
    // different banks instead of the same one.
    __local float tile[TILE_SIZE][TILE_SIZE + 1];
    // end slide: padded-tile

    const uint lx = get_local_id(0);
    const uint ly = get_local_id(1);
    const uint block_col = get_group_id(0) * TILE_SIZE;  // first column of a in this block
    const uint block_row = get_group_id(1) * TILE_SIZE;  // first row of a in this block

    // slide: read
    // Read: work-item (lx, ly) loads a[block_row + r][block_col + lx] for its rows r;
    // consecutive lx read consecutive floats of one row of a.
    for (uint r = ly; r < TILE_SIZE; r += GROUP_ROWS) {
        const uint read_row = block_row + r;
        const uint read_col = block_col + lx;
        if (read_row < m && read_col < k) {
            tile[r][lx] = a[read_row * k + read_col];
        }
    }

    // Work-item (lx, ly) is about to read elements other work-items loaded.
    // Every work-item reaches this barrier: the edge guards are around the
    // loads and stores, never around the barrier.
    barrier(CLK_LOCAL_MEM_FENCE);
    // end slide: read

    // slide: write
    // Write: the block lands at rows block_col.., columns block_row.. of at.
    // Consecutive lx write consecutive floats of one row of at.
    for (uint r = ly; r < TILE_SIZE; r += GROUP_ROWS) {
        const uint write_row = block_col + r;
        const uint write_col = block_row + lx;
        if (write_row < k && write_col < m) {
            at[write_row * m + write_col] = tile[lx][r];
        }
    }
    // end slide: write
}
