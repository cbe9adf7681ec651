// Mutant "correct_double_buffer_cur_nxt" (lab 04): correct, no bug.
// Double buffering with `cur = t & 1` and `nxt = cur ^ 1`: the next pair of tiles is filled
// before the multiply of the current pair, one barrier per step. The halves never meet in one
// step; the half read in step t is refilled in step t + 1, after the barrier of step t.
// size_t indices, the prefetch in a helper function.
#ifndef TILE_SIZE
#define TILE_SIZE 16
#endif

float element_or_zero(__global const float* m, size_t rows, size_t cols, size_t r, size_t k)
{
    return (r < rows && k < cols) ? m[r * cols + k] : 0.0f;
}

__kernel void matmul(__global const float* a, __global const float* b, __global float* c,
                     uint M, uint K, uint N)
{
    __local float tileA[2][TILE_SIZE][TILE_SIZE + 1];
    __local float tileB[2][TILE_SIZE][TILE_SIZE + 1];
    const size_t lx = get_local_id(0), ly = get_local_id(1);
    const size_t row = get_global_id(1), col = get_global_id(0);
    const size_t steps = (K + TILE_SIZE - 1) / TILE_SIZE;

    tileA[0][ly][lx] = element_or_zero(a, M, K, row, lx);
    tileB[0][ly][lx] = element_or_zero(b, K, N, ly, col);
    barrier(CLK_LOCAL_MEM_FENCE);

    float acc = 0.0f;
    for (size_t t = 0; t < steps; t++) {
        const size_t cur = t & 1;
        const size_t nxt = cur ^ 1;
        if (t + 1 < steps) {
            const size_t k0 = (t + 1) * TILE_SIZE;
            tileA[nxt][ly][lx] = element_or_zero(a, M, K, row, k0 + lx);
            tileB[nxt][ly][lx] = element_or_zero(b, K, N, k0 + ly, col);
        }
        for (size_t k = 0; k < TILE_SIZE; k++)
            acc = mad(tileA[cur][ly][k], tileB[cur][k][lx], acc);
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (row < M && col < N)
        c[row * N + col] = acc;
}
