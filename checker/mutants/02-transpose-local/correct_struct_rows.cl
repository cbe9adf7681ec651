// Mutant "correct_struct_rows" (lab 02): CORRECT. The tile is a __local array of structs, one
// per row, each holding a padded row of floats: `rows[ly].v[lx]`. The barrier is needed: a
// work-item reads rows[lx].v[ly], which another work-item writes.
#ifndef TILE_SIZE
#define TILE_SIZE 16
#endif

typedef struct {
    float v[TILE_SIZE + 1];  // one row of the tile, padded by one float
} TileRow;

__kernel void transpose(__global const float* a, __global float* at, uint m, uint k)
{
    __local TileRow rows[TILE_SIZE];
    const int lx = get_local_id(0), ly = get_local_id(1);
    const int i = get_global_id(0), j = get_global_id(1);
    if (i < (int)k && j < (int)m)
        rows[ly].v[lx] = a[j * k + i];
    barrier(CLK_LOCAL_MEM_FENCE);  // the whole tile is written
    const int out_row = get_group_id(0) * TILE_SIZE + ly;  // a row of at: a column of a
    const int out_col = get_group_id(1) * TILE_SIZE + lx;
    if (out_row < (int)k && out_col < (int)m)
        at[out_row * m + out_col] = rows[lx].v[ly];
}
