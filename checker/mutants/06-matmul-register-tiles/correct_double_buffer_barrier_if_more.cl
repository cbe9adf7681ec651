// Mutant "correct_double_buffer_barrier_if_more" (lab 06): correct, no bug.
// Register micro tiles with two pairs of slices in local memory. Each step multiplies the current
// pair, then, if there is a next step (`more`, the same for the whole work-group: it depends only
// on the loop counter and K), stores the next slices into the other pair and waits once. Scalar
// loads, slices stored k-major, the micro tile interleaved like the solution's.
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
#define THREADS_M (TILE_M / WPT_M)
#define THREADS (THREADS_N * THREADS_M)

// Work-item `id` stores elements id, id + THREADS, ... of the A slice (TILE_M x TILE_K, stored
// k-major) and of the B slice (TILE_K x TILE_N).
void load_slices(__local float as[TILE_K][TILE_M], __local float bs[TILE_K][TILE_N], __global const float* a,
                 __global const float* b, uint K, uint N, uint row0, uint col0, uint k0, uint id)
{
    for (uint i = id; i < TILE_M * TILE_K; i += THREADS)
        as[i % TILE_K][i / TILE_K] = a[(row0 + i / TILE_K) * K + k0 + i % TILE_K];
    for (uint i = id; i < TILE_K * TILE_N; i += THREADS)
        bs[i / TILE_N][i % TILE_N] = b[(k0 + i / TILE_N) * N + col0 + i % TILE_N];
}

__kernel void matmul(__global const float* a, __global const float* b, __global float* c, uint M, uint K, uint N)
{
    const size_t product = get_group_id(2);
    a += product * M * K;
    b += product * K * N;
    c += product * M * N;

    __local float As[2][TILE_K][TILE_M];
    __local float Bs[2][TILE_K][TILE_N];
    const uint tx = get_local_id(0), ty = get_local_id(1);
    const uint id = ty * THREADS_N + tx;
    const uint row0 = get_group_id(1) * TILE_M, col0 = get_group_id(0) * TILE_N;
    const uint steps = K / TILE_K;

    float acc[WPT_M][WPT_N];
    for (int i = 0; i < WPT_M; ++i)
        for (int j = 0; j < WPT_N; ++j) acc[i][j] = 0.0f;

    load_slices(As[0], Bs[0], a, b, K, N, row0, col0, 0, id);
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint t = 0; t < steps; ++t) {
        const uint cur = t % 2;
        for (int k = 0; k < TILE_K; ++k) {
            float a_reg[WPT_M], b_reg[WPT_N];
            for (int i = 0; i < WPT_M; ++i) a_reg[i] = As[cur][k][ty + i * THREADS_M];
            for (int j = 0; j < WPT_N; ++j) b_reg[j] = Bs[cur][k][tx + j * THREADS_N];
            for (int i = 0; i < WPT_M; ++i)
                for (int j = 0; j < WPT_N; ++j) acc[i][j] = fma(a_reg[i], b_reg[j], acc[i][j]);
        }
        const bool more = t + 1 < steps;
        if (more) {
            load_slices(As[1 - cur], Bs[1 - cur], a, b, K, N, row0, col0, (t + 1) * TILE_K, id);
            barrier(CLK_LOCAL_MEM_FENCE);
        }
    }
    for (int i = 0; i < WPT_M; ++i)
        for (int j = 0; j < WPT_N; ++j)
            c[(row0 + ty + i * THREADS_M) * N + col0 + tx + j * THREADS_N] = acc[i][j];
}
