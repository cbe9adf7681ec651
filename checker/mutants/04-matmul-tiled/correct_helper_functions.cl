// Mutant "correct_helper_functions" (lab 04): correct, with helper functions.
// load_or_zero() reads one element of a matrix or 0 outside it; tile_dot() multiplies a row of
// the a tile by a column of the b tile (passed as __local pointers) with mad(). Both barriers
// stay in the kernel, where every work-item reaches them.
#ifndef TILE_SIZE
#define TILE_SIZE 16
#endif

// Element (r, col) of a rows x cols row-major matrix, or 0 outside it.
float load_or_zero(__global const float* matrix, uint rows, uint cols, uint r, uint col)
{
    return (r < rows && col < cols) ? matrix[r * cols + col] : 0.0f;
}

// Row `ty` of a_tile times column `tx` of b_tile.
float tile_dot(__local const float* a_tile, __local const float* b_tile, uint ty, uint tx)
{
    float sum = 0.0f;
    for (uint kk = 0; kk < TILE_SIZE; ++kk)
        sum = mad(a_tile[ty * TILE_SIZE + kk], b_tile[kk * TILE_SIZE + tx], sum);
    return sum;
}

__kernel void matmul(__global const float* a, __global const float* b, __global float* c,
                     uint M, uint K, uint N)
{
    __local float a_tile[TILE_SIZE * TILE_SIZE];
    __local float b_tile[TILE_SIZE * TILE_SIZE];
    const uint tx = get_local_id(0);
    const uint ty = get_local_id(1);
    const uint col = get_global_id(0);
    const uint row = get_global_id(1);

    float acc = 0.0f;
    for (uint t = 0; t * TILE_SIZE < K; ++t) {
        a_tile[ty * TILE_SIZE + tx] = load_or_zero(a, M, K, row, t * TILE_SIZE + tx);
        b_tile[ty * TILE_SIZE + tx] = load_or_zero(b, K, N, t * TILE_SIZE + ty, col);
        barrier(CLK_LOCAL_MEM_FENCE);
        acc += tile_dot(a_tile, b_tile, ty, tx);
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (row < M && col < N)
        c[row * N + col] = acc;
}
