// Lab 02 with the README's extension half done: the loads loop over the work-item's
// rows (r = ly, ly + TILE_SIZE / ROWS_PER_ITEM, ...), the stores do not (one row each).
// Right without the define (one row each); at TILE_SIZE = 32, ROWS_PER_ITEM = 4 only
// rows 0..7 of each transposed block are written.
#ifndef TILE_SIZE
#define TILE_SIZE 16
#endif
#ifndef ROWS_PER_ITEM
#define ROWS_PER_ITEM 1
#endif
#define GROUP_ROWS (TILE_SIZE / ROWS_PER_ITEM)

__kernel void transpose(__global const float* a, __global float* at, uint m, uint k)
{
    __local float tile[TILE_SIZE][TILE_SIZE + 1];
    const uint lx = get_local_id(0);
    const uint ly = get_local_id(1);
    const uint block_col = get_group_id(0) * TILE_SIZE;
    const uint block_row = get_group_id(1) * TILE_SIZE;

    for (uint r = ly; r < TILE_SIZE; r += GROUP_ROWS) {
        if (block_row + r < m && block_col + lx < k) tile[r][lx] = a[(block_row + r) * k + block_col + lx];
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    // BUG: one row per work-item; the other ROWS_PER_ITEM - 1 rows of the block are never stored.
    if (block_col + ly < k && block_row + lx < m) at[(block_col + ly) * m + block_row + lx] = tile[lx][ly];
}
