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
// Second extension (README, "Extension: float4 moves"): with -D VECTOR_MOVES=1 the
// kernel at the end of this file moves float4s both ways instead.

#ifndef TILE_SIZE
#define TILE_SIZE 16
#endif
// slide: rows-per-item
#ifndef ROWS_PER_ITEM
#define ROWS_PER_ITEM 1
#endif
#define GROUP_ROWS (TILE_SIZE / ROWS_PER_ITEM)  // work-items down a work-group
// end slide: rows-per-item

#ifndef VECTOR_MOVES
#define VECTOR_MOVES 0
#endif

#if !VECTOR_MOVES
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

#else  // VECTOR_MOVES

// The same three phases with every global access a float4 (16 bytes): each work-item reads
// a 4 × 4 block of a as four float4 rows, transposes it in registers, and stores the four
// columns into local memory as float4s; the write phase then sends float4 rows of the
// transposed tile to at. A warp moves 512 bytes per request instead of 128.
//
// The local tile holds the block already transposed, without padding: a float4 read or
// write needs 16-byte alignment, which a row of TILE_SIZE + 1 floats breaks. Instead, the
// float4s of row r are stored in a permuted order, float4 number q at position
// q XOR ((r / 4) % SWIZZLE): the eight work-items that store the same float4 column of eight
// blocks (rows 4 apart) then hit eight different groups of four banks.
#if TILE_SIZE % 4 != 0
#error "VECTOR_MOVES needs TILE_SIZE to be a multiple of 4"
#endif
#define ITEMS (TILE_SIZE * GROUP_ROWS)        // work-items in a work-group
#define QUADS (TILE_SIZE / 4)                 // float4s across a row of the tile
#define SWIZZLE (QUADS < 8 ? QUADS : 8)       // float4s the permutation mixes

// Work-groups walk the tiles in bands BAND_COLUMNS tiles wide, down one band before the next
// (0: row by row, as launched). The groups running at once then read rows of a and write rows
// of at in runs of similar length instead of long runs on one side and short on the other.
#ifndef BAND_COLUMNS
#define BAND_COLUMNS 0
#endif

// Index in the local tile of element (row, col) of the transposed block.
uint tile_index(uint row, uint col)
{
    const uint quad = (col / 4) ^ ((row / 4) % SWIZZLE);
    return row * TILE_SIZE + quad * 4 + col % 4;
}

// The tile this work-group moves, as (tile column, tile row) of a.
uint2 tile_of_group(void)
{
    const uint groups_x = get_num_groups(0), groups_y = get_num_groups(1);
    if (BAND_COLUMNS == 0 || groups_x % BAND_COLUMNS != 0)
        return (uint2)(get_group_id(0), get_group_id(1));
    const uint launched = get_group_id(1) * groups_x + get_group_id(0);
    const uint band = launched / (BAND_COLUMNS * groups_y);
    const uint in_band = launched % (BAND_COLUMNS * groups_y);
    return (uint2)(band * BAND_COLUMNS + in_band % BAND_COLUMNS, in_band / BAND_COLUMNS);
}

__kernel void transpose(__global const float* a, __global float* at, uint m, uint k)
{
    // float4 elements, so that every float4 access to the tile is aligned
    __local float4 tile_quads[TILE_SIZE * QUADS];
    __local float* tile = (__local float*)tile_quads;

    const uint lx = get_local_id(0);
    const uint ly = get_local_id(1);
    const uint id = ly * TILE_SIZE + lx;
    const uint2 tile_xy = tile_of_group();
    const uint block_col = tile_xy.x * TILE_SIZE;
    const uint block_row = tile_xy.y * TILE_SIZE;
    // float4s only for a whole tile whose rows start at multiples of 16 bytes; the tiles on
    // a ragged edge, and every tile when m or k is not a multiple of 4, go one float at a
    // time. The same for every work-item of the group, so both paths meet at one barrier.
    const bool whole_tile = block_row + TILE_SIZE <= m && block_col + TILE_SIZE <= k && m % 4 == 0 && k % 4 == 0;

    if (whole_tile) {
        for (uint block = id; block < QUADS * QUADS; block += ITEMS) {
            const uint r0 = (block / QUADS) * 4;  // the 4 × 4 block at rows r0.., columns c0.. of the tile
            const uint c0 = (block % QUADS) * 4;
            const __global float* corner = a + (size_t)(block_row + r0) * k + block_col + c0;
            const float4 row0 = *(const __global float4*)(corner);
            const float4 row1 = *(const __global float4*)(corner + k);
            const float4 row2 = *(const __global float4*)(corner + 2 * (size_t)k);
            const float4 row3 = *(const __global float4*)(corner + 3 * (size_t)k);
            *(__local float4*)(tile + tile_index(c0 + 0, r0)) = (float4)(row0.x, row1.x, row2.x, row3.x);
            *(__local float4*)(tile + tile_index(c0 + 1, r0)) = (float4)(row0.y, row1.y, row2.y, row3.y);
            *(__local float4*)(tile + tile_index(c0 + 2, r0)) = (float4)(row0.z, row1.z, row2.z, row3.z);
            *(__local float4*)(tile + tile_index(c0 + 3, r0)) = (float4)(row0.w, row1.w, row2.w, row3.w);
        }
    } else {
        for (uint r = ly; r < TILE_SIZE; r += GROUP_ROWS) {
            if (block_row + r < m && block_col + lx < k)
                tile[tile_index(lx, r)] = a[(block_row + r) * k + block_col + lx];
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);

    if (whole_tile) {
        for (uint quad = id; quad < TILE_SIZE * QUADS; quad += ITEMS) {
            const uint row = quad / QUADS;      // row of the transposed tile = column of a
            const uint col = (quad % QUADS) * 4;
            *(__global float4*)(at + (size_t)(block_col + row) * m + block_row + col) =
                *(__local float4*)(tile + tile_index(row, col));
        }
    } else {
        for (uint r = ly; r < TILE_SIZE; r += GROUP_ROWS) {
            if (block_col + r < k && block_row + lx < m)
                at[(block_col + r) * m + block_row + lx] = tile[tile_index(r, lx)];
        }
    }
}
#endif  // VECTOR_MOVES
