// Lab 02 with the README's extension, wrongly: each work-item's rows step by
// ROWS_PER_ITEM instead of by the work-group's height (TILE_SIZE / ROWS_PER_ITEM).
// Right without the define (one row each); at TILE_SIZE = 32, ROWS_PER_ITEM = 4
// rows 0..3 are moved four times over and most rows of each block never.
#ifndef TILE_SIZE
#define TILE_SIZE 16
#endif
#ifndef ROWS_PER_ITEM
#define ROWS_PER_ITEM 1
#endif

__kernel void transpose(__global const float* a, __global float* at, uint m, uint k)
{
    __local float tile[TILE_SIZE][TILE_SIZE + 1];
    const uint lx = get_local_id(0);
    const uint ly = get_local_id(1);
    const uint block_col = get_group_id(0) * TILE_SIZE;
    const uint block_row = get_group_id(1) * TILE_SIZE;

    for (uint r = ly; r < TILE_SIZE; r += ROWS_PER_ITEM) {   // BUG: the step is TILE_SIZE / ROWS_PER_ITEM
        if (block_row + r < m && block_col + lx < k) tile[r][lx] = a[(block_row + r) * k + block_col + lx];
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint r = ly; r < TILE_SIZE; r += ROWS_PER_ITEM) {
        if (block_col + r < k && block_row + lx < m) at[(block_col + r) * m + block_row + lx] = tile[lx][r];
    }
}
