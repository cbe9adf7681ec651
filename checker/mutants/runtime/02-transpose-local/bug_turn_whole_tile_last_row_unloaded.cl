// Runtime mutant (lab 02): BUG, one token from correct_turn_whole_tile.cl. The load skips the
// last row of a (`row + 1 < m`), so the output of that row reads slots nobody loaded:
// whatever __local memory held. Oclgrind reports "Uninitialized value written to global
// memory" at the line marked BUG (an error), besides the copies of unloaded slots (warnings).
#ifndef TILE_SIZE
#define TILE_SIZE 16
#endif

__kernel void transpose(__global const float* a, __global float* at, uint m, uint k)
{
    __local float loaded[TILE_SIZE][TILE_SIZE];
    __local float turned[TILE_SIZE][TILE_SIZE + 1];
    const uint lx = get_local_id(0);
    const uint ly = get_local_id(1);
    const uint row = get_group_id(1) * TILE_SIZE + ly;  // row of a
    const uint col = get_group_id(0) * TILE_SIZE + lx;  // column of a
    if (row + 1 < m && col < k)  // BUG: the last row of a is never loaded
        loaded[ly][lx] = a[row * k + col];
    barrier(CLK_LOCAL_MEM_FENCE);
    if (ly == 0) {
        for (uint r = 0; r < TILE_SIZE; ++r)
            turned[lx][r] = loaded[r][lx];  // every slot, loaded or not
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    const uint out_row = get_group_id(0) * TILE_SIZE + ly;  // row of at = column of a
    const uint out_col = get_group_id(1) * TILE_SIZE + lx;
    if (out_row < k && out_col < m)
        at[out_row * m + out_col] = turned[ly][lx];  // BUG shows here
}
