// Mutant "correct_flat_tile_int" (lab 02): correct, written in another style.
// The padded tile is one 1-D __local array indexed row * TILE_PITCH + column through a small
// helper function, indices are int, and positions come from get_global_id.
#ifndef TILE_SIZE
#define TILE_SIZE 16
#endif
#define TILE_PITCH (TILE_SIZE + 1)

// Where element (r, c) of the padded tile lives in the 1-D array.
int tile_index(int r, int c)
{
    return r * TILE_PITCH + c;
}

__kernel void transpose(__global const float* a, __global float* at, uint m, uint k)
{
    __local float tile[TILE_SIZE * TILE_PITCH];

    const int lx = (int)get_local_id(0);
    const int ly = (int)get_local_id(1);
    const int rows = (int)m;
    const int cols = (int)k;

    const int col = (int)get_global_id(0);
    const int row = (int)get_global_id(1);
    if (row < rows && col < cols)
        tile[tile_index(ly, lx)] = a[row * cols + col];

    barrier(CLK_LOCAL_MEM_FENCE);

    const int out_col = (int)get_group_id(1) * TILE_SIZE + lx;
    const int out_row = (int)get_group_id(0) * TILE_SIZE + ly;
    if (out_row < cols && out_col < rows)
        at[out_row * rows + out_col] = tile[tile_index(lx, ly)];
}
