// Mutant "unneeded_barrier" (lab 02): correct result, one barrier too many (a warning, not a
// failure). The barrier marked UNNEEDED comes after the last use of the tile, so it orders
// nothing and only costs time.
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

    barrier(CLK_LOCAL_MEM_FENCE);

    const uint out_col = get_group_id(1) * TILE_SIZE + lx;
    const uint out_row = get_group_id(0) * TILE_SIZE + ly;
    if (out_row < k && out_col < m)
        at[out_row * m + out_col] = tile[lx][ly];

    barrier(CLK_LOCAL_MEM_FENCE);  // UNNEEDED: nothing reads or writes the tile after this
}
