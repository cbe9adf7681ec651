// Runtime mutant (lab 04): CORRECT, close to the unguarded loads: every load
// reads through indices clamped into the matrix (so it is always inside a or
// b), and the inner loop stops at K; rows and columns outside C are computed
// from clamped data and never stored. size_t indices.
#ifndef TILE_SIZE
#define TILE_SIZE 16
#endif

__kernel void matmul(__global const float* a, __global const float* b, __global float* c, uint M, uint K, uint N)
{
    __local float a_tile[TILE_SIZE][TILE_SIZE];
    __local float b_tile[TILE_SIZE][TILE_SIZE];
    const size_t lx = get_local_id(0);
    const size_t ly = get_local_id(1);
    const size_t col = get_global_id(0);
    const size_t row = get_global_id(1);
    const size_t last_row = M - 1, last_col = N - 1, last_k = K - 1;
    float sum = 0.0f;
    for (size_t k0 = 0; k0 < K; k0 += TILE_SIZE) {
        a_tile[ly][lx] = a[min(row, last_row) * K + min(k0 + lx, last_k)];
        b_tile[ly][lx] = b[min(k0 + ly, last_k) * N + min(col, last_col)];
        barrier(CLK_LOCAL_MEM_FENCE);
        const size_t steps = min((size_t)TILE_SIZE, K - k0);
        for (size_t kk = 0; kk < steps; ++kk)
            sum = mad(a_tile[ly][kk], b_tile[kk][lx], sum);
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (row < M && col < N)
        c[row * N + col] = sum;
}
