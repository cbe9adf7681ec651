// Mutant "barrier_in_bounds_check" (lab 02): BUG, barrier inside a work-item-dependent branch.
// The barrier sits inside `if (row < m && col < k)`, so work-items past the edge of the matrix
// skip it while the others wait (undefined behaviour). The line marked BUG is the barrier; the
// fix is to close the `if` after the load and put the barrier after it.
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
    if (row < m && col < k) {
        tile[ly][lx] = a[row * k + col];
        barrier(CLK_LOCAL_MEM_FENCE);  // BUG: only work-items inside the matrix get here
    }

    const uint out_col = get_group_id(1) * TILE_SIZE + lx;
    const uint out_row = get_group_id(0) * TILE_SIZE + ly;
    if (out_row < k && out_col < m)
        at[out_row * m + out_col] = tile[lx][ly];
}
