// Runtime mutant (lab 02): BUG. Columns shifted by one (column 0 left free) in a
// tile with NO padding: column TILE_SIZE of a row is column 0 of the next (harmless,
// that one is free), but for the last row it is past the end of the whole tile.
#ifndef TILE_SIZE
#define TILE_SIZE 16
#endif

__kernel void transpose(__global const float* a, __global float* at, uint m, uint k)
{
    __local float tile[TILE_SIZE][TILE_SIZE];
    const uint lx = get_local_id(0), ly = get_local_id(1);
    const uint i = get_global_id(0), j = get_global_id(1);
    if (i < k && j < m)
        tile[ly][lx + 1] = a[j * k + i];
    barrier(CLK_LOCAL_MEM_FENCE);
    const uint out_row = get_group_id(0) * TILE_SIZE + ly;
    const uint out_col = get_group_id(1) * TILE_SIZE + lx;
    if (out_row < k && out_col < m)
        at[out_row * m + out_col] = tile[lx][ly + 1];
}
