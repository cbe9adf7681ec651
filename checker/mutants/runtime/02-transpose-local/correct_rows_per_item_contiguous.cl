// Correct, with the README's extension in another shape: each work-item moves
// ROWS_PER_ITEM neighbouring rows of the block (rows ly*R .. ly*R + R-1) instead
// of rows a work-group-height apart. Less coalesced on a GPU, but right at every
// define set; int indices, the row count from get_local_size(1).
#ifndef TILE_SIZE
#define TILE_SIZE 16
#endif
#ifndef ROWS_PER_ITEM
#define ROWS_PER_ITEM 1
#endif

__kernel void transpose(__global const float* a, __global float* at, uint m, uint k)
{
    __local float tile[TILE_SIZE * (TILE_SIZE + 1)];
    const int lx = (int)get_local_id(0);
    const int first = (int)get_local_id(1) * ROWS_PER_ITEM;
    const int rows_here = TILE_SIZE / (int)get_local_size(1);   // = ROWS_PER_ITEM
    const int bx = (int)get_group_id(0) * TILE_SIZE;
    const int by = (int)get_group_id(1) * TILE_SIZE;

    for (int i = 0; i < rows_here; ++i) {
        const int r = first + i;
        if (by + r < (int)m && bx + lx < (int)k) tile[r * (TILE_SIZE + 1) + lx] = a[(by + r) * (int)k + bx + lx];
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int i = 0; i < rows_here; ++i) {
        const int r = first + i;
        if (bx + r < (int)k && by + lx < (int)m) at[(bx + r) * (int)m + by + lx] = tile[lx * (TILE_SIZE + 1) + r];
    }
}
