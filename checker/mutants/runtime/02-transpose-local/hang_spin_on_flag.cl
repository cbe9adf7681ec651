// Runtime mutant (lab 02): BUG, hangs: work-item (0,0) waits for a flag in local
// memory that no work-item ever sets.
#ifndef TILE_SIZE
#define TILE_SIZE 16
#endif

__kernel void transpose(__global const float* a, __global float* at, uint m, uint k)
{
    __local float tile[TILE_SIZE][TILE_SIZE + 1];
    volatile __local int ready;
    const uint lx = get_local_id(0);
    const uint ly = get_local_id(1);
    const uint block_col = get_group_id(0) * TILE_SIZE;
    const uint block_row = get_group_id(1) * TILE_SIZE;
    if (lx == 0 && ly == 0) ready = 0;
    tile[ly][lx] = (block_row + ly < m && block_col + lx < k) ? a[(block_row + ly) * k + block_col + lx] : 0.0f;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lx == 0 && ly == 0) {
        while (ready == 0) {  // BUG: nobody sets ready
        }
    }
    if (block_col + ly < k && block_row + lx < m)
        at[(block_col + ly) * m + block_row + lx] = tile[lx][ly];
}
