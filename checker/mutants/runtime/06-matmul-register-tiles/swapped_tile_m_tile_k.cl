// Bug: the A tile is loaded with TILE_M where TILE_K belongs (row = e / TILE_M,
// column = e % TILE_M). PoCL's defaults have TILE_M == TILE_K == 32, where the
// two agree; at any other tile shape the A tile is filled from the wrong
// places.
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

#define THREADS_N (TILE_N / WPT_N)
#define THREADS ((TILE_M / WPT_M) * THREADS_N)

__kernel void matmul(__global const float* a, __global const float* b, __global float* c, uint M, uint K, uint N)
{
    const size_t product = get_group_id(2);  // lab 07 batches its products along dimension 2
    a += product * M * K;
    b += product * K * N;
    c += product * M * N;

    __local float a_tile[TILE_M][TILE_K];
    __local float b_tile[TILE_K][TILE_N];

    const int tx = get_local_id(0);
    const int ty = get_local_id(1);
    const int id = ty * THREADS_N + tx;
    const int tile_row = get_group_id(1) * TILE_M;
    const int tile_col = get_group_id(0) * TILE_N;

    float acc[WPT_M][WPT_N];
    for (int i = 0; i < WPT_M; ++i)
        for (int j = 0; j < WPT_N; ++j) acc[i][j] = 0.0f;

    for (uint k0 = 0; k0 < K; k0 += TILE_K) {
        for (int e = id; e < TILE_M * TILE_K; e += THREADS) {
            const int r = e / TILE_M;  // should be TILE_K
            const int k = e % TILE_M;  // should be TILE_K
            a_tile[r][k] = a[(size_t)(tile_row + r) * K + k0 + k];
        }
        for (int e = id; e < TILE_K * TILE_N; e += THREADS) {
            const int k = e / TILE_N;
            const int col = e % TILE_N;
            b_tile[k][col] = b[(size_t)(k0 + k) * N + tile_col + col];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int k = 0; k < TILE_K; ++k) {
            for (int i = 0; i < WPT_M; ++i) {
                const float a_value = a_tile[ty * WPT_M + i][k];
                for (int j = 0; j < WPT_N; ++j) acc[i][j] += a_value * b_tile[k][tx * WPT_N + j];
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }

    for (int i = 0; i < WPT_M; ++i)
        for (int j = 0; j < WPT_N; ++j)
            c[(size_t)(tile_row + ty * WPT_M + i) * N + tile_col + tx * WPT_N + j] = acc[i][j];
}
