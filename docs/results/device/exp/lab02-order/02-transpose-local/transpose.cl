// full clone only: lab 02's solution with its work-groups in other orders (it answers lab 02).
// An experiment of 2026-11-29 (call10.sh; docs/results/perf-notes.md, "The H200"), not course text:
// GROUP_ORDER 0 as launched, 1 diagonal, 2 bands of BAND tile columns, 3 bands of BAND tile rows.
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


#ifndef GROUP_ORDER
#define GROUP_ORDER 0
#endif
#ifndef BAND
#define BAND 16
#endif
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
    const uint ngx = get_num_groups(0), ngy = get_num_groups(1);
    const uint linear = get_group_id(1) * ngx + get_group_id(0);
    uint gx = get_group_id(0), gy = get_group_id(1);
#if GROUP_ORDER == 1
    if (ngx == ngy) { gy = get_group_id(0); gx = (get_group_id(0) + get_group_id(1)) % ngx; }
#elif GROUP_ORDER == 2
    if (ngx % BAND == 0) {
        const uint band = linear / (BAND * ngy), r = linear % (BAND * ngy);
        gy = r / BAND; gx = band * BAND + r % BAND;
    }
#elif GROUP_ORDER == 3
    if (ngy % BAND == 0) {
        const uint band = linear / (BAND * ngx), r = linear % (BAND * ngx);
        gx = r / BAND; gy = band * BAND + r % BAND;
    }
#endif
    const uint block_col = gx * TILE_SIZE;  // first column of a in this block
    const uint block_row = gy * TILE_SIZE;  // first row of a in this block

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
