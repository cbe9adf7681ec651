// Mutant "correct_helper_functions" (lab 02): correct, with the two phases in helper functions
// that receive the __local tile as a pointer. The barrier stays in the kernel, between the calls,
// where every work-item reaches it.
#ifndef TILE_SIZE
#define TILE_SIZE 16
#endif
#define TILE_PITCH (TILE_SIZE + 1)

// Phase 1: copy element (row, col) of a into the tile at (ly, lx), if it is inside a.
void load_block(__local float* tile, __global const float* a, uint m, uint k,
                uint row, uint col, uint ly, uint lx)
{
    if (row < m && col < k)
        tile[ly * TILE_PITCH + lx] = a[row * k + col];
}

// Phase 2: write tile element (lx, ly) to at (k rows x m columns) at (out_row, out_col).
void store_transposed(__global float* at, __local const float* tile, uint m, uint k,
                      uint out_row, uint out_col, uint ly, uint lx)
{
    if (out_row < k && out_col < m)
        at[out_row * m + out_col] = tile[lx * TILE_PITCH + ly];
}

__kernel void transpose(__global const float* a, __global float* at, uint m, uint k)
{
    __local float tile[TILE_SIZE * TILE_PITCH];
    const uint lx = get_local_id(0);
    const uint ly = get_local_id(1);
    const uint group_col = get_group_id(0) * TILE_SIZE;
    const uint group_row = get_group_id(1) * TILE_SIZE;

    load_block(tile, a, m, k, group_row + ly, group_col + lx, ly, lx);
    barrier(CLK_LOCAL_MEM_FENCE);
    store_transposed(at, tile, m, k, group_col + ly, group_row + lx, ly, lx);
}
