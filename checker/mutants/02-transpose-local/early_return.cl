// Mutant "early_return" (lab 02): BUG, work-items past the edge return before the barrier.
// The classic edge bug: `return` for work-items outside a, at the top of the kernel. They never
// reach the barrier the others wait at, and their part of the transposed write is lost at
// ragged edges. The line marked BUG is the return; the fix is to guard the load and the store
// (as the correct kernels do), not to leave early.
#ifndef TILE_SIZE
#define TILE_SIZE 16
#endif

__kernel void transpose(__global const float* a, __global float* at, uint m, uint k)
{
    __local float tile[TILE_SIZE][TILE_SIZE + 1];

    const uint lx = get_local_id(0);
    const uint ly = get_local_id(1);

    const uint col = get_group_id(0) * TILE_SIZE + lx;
    const uint row = get_group_id(1) * TILE_SIZE + ly;
    if (row >= m || col >= k)
        return;  // BUG: skips the barrier below
    tile[ly][lx] = a[row * k + col];

    barrier(CLK_LOCAL_MEM_FENCE);

    const uint out_col = get_group_id(1) * TILE_SIZE + lx;
    const uint out_row = get_group_id(0) * TILE_SIZE + ly;
    if (out_row < k && out_col < m)
        at[out_row * m + out_col] = tile[lx][ly];
}
