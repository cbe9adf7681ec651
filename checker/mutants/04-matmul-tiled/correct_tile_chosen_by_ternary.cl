// Mutant "correct_tile_chosen_by_ternary" (lab 04): CORRECT. One loop loads both tiles: its
// counter picks the destination with `?:` (`side ? b_tile : a_tile`), a pointer the static
// analysis cannot follow to one array. Both barriers are needed: the first before the tiles are
// read, the second before the next step overwrites them.
#ifndef TILE_SIZE
#define TILE_SIZE 16
#endif

__kernel void matmul(__global const float* a, __global const float* b, __global float* c,
                     uint M, uint K, uint N)
{
    __local float a_tile[TILE_SIZE * TILE_SIZE];
    __local float b_tile[TILE_SIZE * TILE_SIZE];

    const int tx = get_local_id(0);
    const int ty = get_local_id(1);
    const int col = get_global_id(0);
    const int row = get_global_id(1);
    const int num_tiles = ((int)K + TILE_SIZE - 1) / TILE_SIZE;

    float acc = 0.0f;
    for (int t = 0; t < num_tiles; ++t) {
        for (int side = 0; side < 2; ++side) {
            // side 0: a's tile at (row, t * TILE_SIZE + tx); side 1: b's at (t * TILE_SIZE + ty, col)
            const int r = side ? t * TILE_SIZE + ty : row;
            const int q = side ? col : t * TILE_SIZE + tx;
            const int rows = side ? (int)K : (int)M;
            const int cols = side ? (int)N : (int)K;
            __global const float* src = side ? b : a;
            (side ? b_tile : a_tile)[ty * TILE_SIZE + tx] = (r < rows && q < cols) ? src[r * cols + q] : 0.0f;
        }
        barrier(CLK_LOCAL_MEM_FENCE);  // both tiles are complete

        for (int kk = 0; kk < TILE_SIZE; ++kk)
            acc = fma(a_tile[ty * TILE_SIZE + kk], b_tile[kk * TILE_SIZE + tx], acc);
        barrier(CLK_LOCAL_MEM_FENCE);  // nobody reads the tiles any more
    }

    if (row < (int)M && col < (int)N)
        c[row * N + col] = acc;
}
