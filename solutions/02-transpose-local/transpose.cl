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
//
// Second extension: with -D FLOAT4_MOVES=1 (and ROWS_PER_ITEM >= 4) the block moves through
// global memory in float4s: each work-item reads R/4 float4s of rows of a and writes R/4
// float4s of rows of at, each one four tile elements down a column. Fewer, wider requests keep
// more bytes in flight per work-item (what an H200's 4.8 TB/s needs to stay busy). Used where
// the whole block is inside the matrix and m and k are multiples of 4 (float4s aligned); the
// blocks on a ragged edge take the scalar path.

#ifndef TILE_SIZE
#define TILE_SIZE 16
#endif
// slide: rows-per-item
#ifndef ROWS_PER_ITEM
#define ROWS_PER_ITEM 1
#endif
#define GROUP_ROWS (TILE_SIZE / ROWS_PER_ITEM)  // work-items down a work-group
// end slide: rows-per-item
#ifndef FLOAT4_MOVES
#define FLOAT4_MOVES 0
#endif
#if FLOAT4_MOVES && (ROWS_PER_ITEM < 4 || TILE_SIZE % 4 != 0)
#error FLOAT4_MOVES needs ROWS_PER_ITEM >= 4 and TILE_SIZE a multiple of 4
#endif

#if FLOAT4_MOVES
// The whole block at (block_row, block_col) in float4s: the work-group's TILE_SIZE * GROUP_ROWS
// work-items, numbered along x first, take the block's float4s (TILE_SIZE / 4 to a row) in turn.
void move_block_float4(__global const float* a, __global float* at, uint m, uint k, uint block_row,
                       uint block_col, __local float (*tile)[TILE_SIZE + 1])
{
    const uint item = get_local_id(1) * TILE_SIZE + get_local_id(0);
    const uint quads_per_row = TILE_SIZE / 4;
    const uint items = TILE_SIZE * GROUP_ROWS;
    for (uint q = item; q < TILE_SIZE * quads_per_row; q += items) {
        const uint r = q / quads_per_row, c = 4 * (q % quads_per_row);
        const float4 v = vload4(0, a + (size_t)(block_row + r) * k + block_col + c);
        tile[r][c] = v.x; tile[r][c + 1] = v.y; tile[r][c + 2] = v.z; tile[r][c + 3] = v.w;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    // Row r of the block of at is column r of the tile: four of its elements to a float4.
    for (uint q = item; q < TILE_SIZE * quads_per_row; q += items) {
        const uint r = q / quads_per_row, c = 4 * (q % quads_per_row);
        const float4 v = (float4)(tile[c][r], tile[c + 1][r], tile[c + 2][r], tile[c + 3][r]);
        vstore4(v, 0, at + (size_t)(block_col + r) * m + block_row + c);
    }
}
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
    const uint block_col = get_group_id(0) * TILE_SIZE;  // first column of a in this block
    const uint block_row = get_group_id(1) * TILE_SIZE;  // first row of a in this block
#if FLOAT4_MOVES
    // The same for every work-item of the group: the barrier inside is reached by all or none.
    if (m % 4 == 0 && k % 4 == 0 && block_row + TILE_SIZE <= m && block_col + TILE_SIZE <= k) {
        move_block_float4(a, at, m, k, block_row, block_col, tile);
        return;
    }
#endif

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
