// Runtime mutant (lab 02): CORRECT. A whole work-group whose block lies outside
// the matrix returns before the barrier. The condition depends only on the
// group id, so every work-item of the group leaves together (with this lab's
// NDRange no group is ever wholly outside, so it never fires). Not a bug: a
// checker must not confuse it with the per-work-item early return.
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
    if (block_row >= m || block_col >= k)
        return;  // uniform: the same for every work-item of the group

    if (block_row + ly < m && block_col + lx < k)
        tile[ly][lx] = a[(block_row + ly) * k + block_col + lx];
    barrier(CLK_LOCAL_MEM_FENCE);
    if (block_col + ly < k && block_row + lx < m)
        at[(block_col + ly) * m + block_row + lx] = tile[lx][ly];
}
