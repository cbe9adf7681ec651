// Mutant "correct_flat_tiles_fma" (lab 04): correct, written in another style.
// The tiles are 1-D __local arrays indexed row * TILE_SIZE + column, indices are int, the inner
// product uses fma() and the inner loop asks to be unrolled.
#ifndef TILE_SIZE
#define TILE_SIZE 16
#endif

__kernel void matmul(__global const float* a, __global const float* b, __global float* c,
                     uint M, uint K, uint N)
{
    __local float a_tile[TILE_SIZE * TILE_SIZE];
    __local float b_tile[TILE_SIZE * TILE_SIZE];

    const int tx = (int)get_local_id(0);
    const int ty = (int)get_local_id(1);
    const int col = (int)get_group_id(0) * TILE_SIZE + tx;
    const int row = (int)get_group_id(1) * TILE_SIZE + ty;
    const int rows = (int)M, inner = (int)K, cols = (int)N;

    float acc = 0.0f;
    for (int t = 0; t < (inner + TILE_SIZE - 1) / TILE_SIZE; ++t) {
        const int a_col = t * TILE_SIZE + tx;
        const int b_row = t * TILE_SIZE + ty;
        if (row < rows && a_col < inner)
            a_tile[ty * TILE_SIZE + tx] = a[row * inner + a_col];
        else
            a_tile[ty * TILE_SIZE + tx] = 0.0f;
        if (b_row < inner && col < cols)
            b_tile[ty * TILE_SIZE + tx] = b[b_row * cols + col];
        else
            b_tile[ty * TILE_SIZE + tx] = 0.0f;
        barrier(CLK_LOCAL_MEM_FENCE);

#pragma unroll
        for (int kk = 0; kk < TILE_SIZE; ++kk)
            acc = fma(a_tile[ty * TILE_SIZE + kk], b_tile[kk * TILE_SIZE + tx], acc);
        barrier(CLK_LOCAL_MEM_FENCE);
    }

    if (row < rows && col < cols)
        c[row * cols + col] = acc;
}
