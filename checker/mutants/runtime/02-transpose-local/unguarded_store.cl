// Runtime mutant (lab 02): BUG, no bounds check on the store: work-items past
// the edge write outside at (into the harness's guard zone) and over the start
// of the next row. The barrier is placed right; this is a correctness bug.
#ifndef TILE_SIZE
#define TILE_SIZE 16
#endif

__kernel void transpose(__global const float* a, __global float* at, uint m, uint k)
{
    __local float tile[TILE_SIZE][TILE_SIZE + 1];
    const uint lx = get_local_id(0);
    const uint ly = get_local_id(1);
    const uint block_col = get_group_id(0) * TILE_SIZE;
    const uint block_row = get_group_id(1) * TILE_SIZE;
    tile[ly][lx] = (block_row + ly < m && block_col + lx < k) ? a[(block_row + ly) * k + block_col + lx] : 0.0f;
    barrier(CLK_LOCAL_MEM_FENCE);
    at[(block_col + ly) * m + block_row + lx] = tile[lx][ly];  // BUG: no bounds check
}
