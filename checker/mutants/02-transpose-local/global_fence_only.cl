// Mutant "global_fence_only" (lab 02): BUG, the barrier orders only global memory.
// barrier(CLK_GLOBAL_MEM_FENCE) does not make the __local writes of phase 1 visible to the
// reads of phase 2, so the read marked BUG races with the writes. Fix: CLK_LOCAL_MEM_FENCE.
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
    if (row < m && col < k)
        tile[ly][lx] = a[row * k + col];

    barrier(CLK_GLOBAL_MEM_FENCE);

    const uint out_col = get_group_id(1) * TILE_SIZE + lx;
    const uint out_row = get_group_id(0) * TILE_SIZE + ly;
    if (out_row < k && out_col < m)
        at[out_row * m + out_col] = tile[lx][ly];  // BUG: the barrier above has no local fence
}
