// Runtime mutant (lab 02): CORRECT. Unpadded tile, every work-item stores into
// the tile (zero outside the matrix), both fences on the barrier, size_t indices.
#ifndef TILE_SIZE
#define TILE_SIZE 16
#endif

__kernel void transpose(__global const float* a, __global float* at, uint m, uint k)
{
    __local float tile[TILE_SIZE * TILE_SIZE];
    const size_t lx = get_local_id(0);
    const size_t ly = get_local_id(1);
    const size_t in_col = get_global_id(0);
    const size_t in_row = get_global_id(1);
    tile[ly * TILE_SIZE + lx] = (in_row < m && in_col < k) ? a[in_row * k + in_col] : 0.0f;
    barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
    const size_t out_row = get_group_id(0) * TILE_SIZE + ly;  // a row of at = a column of a
    const size_t out_col = get_group_id(1) * TILE_SIZE + lx;
    if (out_row < k && out_col < m)
        at[out_row * m + out_col] = tile[lx * TILE_SIZE + ly];
}
