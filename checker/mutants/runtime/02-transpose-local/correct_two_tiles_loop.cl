// Runtime mutant (lab 02): CORRECT. Moves the block in two halves through a
// half-height tile, in a loop with a barrier after the loads and one before the
// next half overwrites the tile: barriers inside a loop every work-item runs.
#ifndef TILE_SIZE
#define TILE_SIZE 16
#endif
#define HALF (TILE_SIZE / 2)

__kernel void transpose(__global const float* a, __global float* at, uint m, uint k)
{
    __local float tile[TILE_SIZE][HALF + 1];
    const uint lx = get_local_id(0);
    const uint ly = get_local_id(1);
    const uint block_col = get_group_id(0) * TILE_SIZE;
    const uint block_row = get_group_id(1) * TILE_SIZE;
    for (uint half_index = 0; half_index < 2; ++half_index) {
        // Rows block_row + half_index*HALF .. +HALF of the block go through the tile.
        const uint first_row = block_row + half_index * HALF;
        if (ly < HALF && first_row + ly < m && block_col + lx < k)
            tile[lx][ly] = a[(first_row + ly) * k + block_col + lx];
        barrier(CLK_LOCAL_MEM_FENCE);
        // tile[c][r] holds a[first_row + r][block_col + c]: write it to at[block_col + c][first_row + r].
        if (lx < HALF && block_col + ly < k && first_row + lx < m)
            at[(block_col + ly) * m + first_row + lx] = tile[ly][lx];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
}
