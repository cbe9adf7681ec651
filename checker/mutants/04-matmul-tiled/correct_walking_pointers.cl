// Mutant "correct_walking_pointers" (lab 04): CORRECT. The tile product walks two __local
// pointers: one along a row of a's tile (`*a_at++`), one down a column of b's tile
// (`b_at += TILE_SIZE`). Pointers that move are not followed by the static analysis; the second
// barrier is still needed (the next step's loads overwrite what they read).
#ifndef TILE_SIZE
#define TILE_SIZE 16
#endif

__kernel void matmul(__global const float* a, __global const float* b, __global float* c,
                     uint M, uint K, uint N)
{
    __local float a_tile[TILE_SIZE][TILE_SIZE];
    __local float b_tile[TILE_SIZE][TILE_SIZE];

    const size_t tx = get_local_id(0);
    const size_t ty = get_local_id(1);
    const size_t col = get_global_id(0);
    const size_t row = get_global_id(1);
    const size_t num_tiles = (K + TILE_SIZE - 1) / TILE_SIZE;

    float acc = 0.0f;
    for (size_t t = 0; t < num_tiles; ++t) {
        const size_t a_col = t * TILE_SIZE + tx;
        const size_t b_row = t * TILE_SIZE + ty;
        a_tile[ty][tx] = (row < M && a_col < K) ? a[row * K + a_col] : 0.0f;
        b_tile[ty][tx] = (b_row < K && col < N) ? b[b_row * N + col] : 0.0f;
        barrier(CLK_LOCAL_MEM_FENCE);  // both tiles are complete

        __local const float* a_at = &a_tile[ty][0];  // along row ty of a's tile
        __local const float* b_at = &b_tile[0][tx];  // down column tx of b's tile
        for (int kk = 0; kk < TILE_SIZE; ++kk) {
            acc += *a_at++ * *b_at;
            b_at += TILE_SIZE;
        }
        barrier(CLK_LOCAL_MEM_FENCE);  // nobody reads the tiles any more
    }

    if (row < M && col < N)
        c[row * N + col] = acc;
}
