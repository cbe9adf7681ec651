// Runtime mutant (lab 06): BUG, otherwise correct: the kernel never moves a, b
// and c to its product of a batched launch (get_group_id(2)), so every
// work-group of the batch multiplies product 0. Right when one product is
// launched; lab 07 launches several, and so does lab 06's correctness check.
#ifndef TILE_M
#define TILE_M 64
#endif
#ifndef TILE_N
#define TILE_N 64
#endif
#ifndef TILE_K
#define TILE_K 16
#endif
#ifndef WPT_M
#define WPT_M 4
#endif
#ifndef WPT_N
#define WPT_N 4
#endif
#define COLS_OF_ITEMS (TILE_N / WPT_N)
#define ROWS_OF_ITEMS (TILE_M / WPT_M)

__kernel void matmul(__global const float* a, __global const float* b, __global float* c, uint M, uint K, uint N)
{
    const __global float* my_a = a;  // BUG: not moved by get_group_id(2) products
    const __global float* my_b = b;
    __global float* my_c = c;

    __local float as[TILE_M * TILE_K];  // row-major TILE_M x TILE_K
    __local float bs[TILE_K * TILE_N];  // row-major TILE_K x TILE_N

    const uint tx = get_local_id(0), ty = get_local_id(1);
    const uint me = ty * COLS_OF_ITEMS + tx;
    const uint first_row = get_group_id(1) * TILE_M;
    const uint first_col = get_group_id(0) * TILE_N;

    float sums[WPT_M][WPT_N];
    for (int i = 0; i < WPT_M; i++)
        for (int j = 0; j < WPT_N; j++)
            sums[i][j] = 0.0f;

    for (uint t = 0; t < K / TILE_K; t++) {
        for (uint e = me; e < TILE_M * TILE_K; e += COLS_OF_ITEMS * ROWS_OF_ITEMS)
            as[e] = my_a[(first_row + e / TILE_K) * K + t * TILE_K + e % TILE_K];
        for (uint e = me; e < TILE_K * TILE_N; e += COLS_OF_ITEMS * ROWS_OF_ITEMS)
            bs[e] = my_b[(t * TILE_K + e / TILE_N) * N + first_col + e % TILE_N];
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int k = 0; k < TILE_K; k++)
            for (int i = 0; i < WPT_M; i++) {
                const float x = as[(ty * WPT_M + i) * TILE_K + k];
                for (int j = 0; j < WPT_N; j++)
                    sums[i][j] += x * bs[k * TILE_N + tx * WPT_N + j];
            }
        barrier(CLK_LOCAL_MEM_FENCE);
    }

    for (int i = 0; i < WPT_M; i++)
        for (int j = 0; j < WPT_N; j++)
            my_c[(first_row + ty * WPT_M + i) * N + first_col + tx * WPT_N + j] = sums[i][j];
}
