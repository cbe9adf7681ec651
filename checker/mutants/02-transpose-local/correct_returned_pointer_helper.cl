// Mutant "correct_returned_pointer_helper" (lab 02): CORRECT. A padded 2-D tile reached only
// through a helper that RETURNS a pointer to one element (`*element(flat, r, c) = ...`), columns
// shifted by one into the padding (column 0 of each row unused). The barrier is needed: without
// it a work-item reads tile[lx][ly + 1], which another work-item writes.
#ifndef TILE_SIZE
#define TILE_SIZE 16
#endif
#define ROW_LENGTH (TILE_SIZE + 1)

// The element (r, c) of a tile stored row by row with rows of ROW_LENGTH floats.
__local float* element(__local float* tile, size_t r, size_t c)
{
    return tile + r * ROW_LENGTH + c;
}

__kernel void transpose(__global const float* a, __global float* at, uint m, uint k)
{
    __local float tile[TILE_SIZE][ROW_LENGTH];
    __local float* flat = (__local float*)tile;
    const size_t lx = get_local_id(0), ly = get_local_id(1);
    const size_t i = get_global_id(0), j = get_global_id(1);
    if (i < k && j < m)
        *element(flat, ly, lx + 1) = a[j * k + i];
    barrier(CLK_LOCAL_MEM_FENCE);  // the whole tile is written
    const size_t out_row = get_group_id(0) * TILE_SIZE + ly;  // a row of at: a column of a
    const size_t out_col = get_group_id(1) * TILE_SIZE + lx;
    if (out_row < k && out_col < m)
        at[out_row * m + out_col] = tile[lx][ly + 1];
}
