// Mutant "stash_into_current_half" (lab 06): BUG, write-after-read race on a double buffer.
// As correct_double_buffer_cur_nxt, but the next B slice is stored after the multiply, and into
// the current pair (sb[cur]) that slower work-items are still reading in this step: no barrier
// separates those reads from the store. The next step then multiplies a B slice that was never
// loaded into sb[nxt].
// Fix: store into sb[nxt] (or wait with a barrier before storing).
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
    a += get_group_id(2) * M * K;
    b += get_group_id(2) * K * N;
    c += get_group_id(2) * M * N;

    __local float sa[2][TILE_M][TILE_K];
    __local float sb[2][TILE_K][TILE_N];
    const int tx = get_local_id(0), ty = get_local_id(1);
    const int me = ty * THREADS_N + tx;
    const int gm = get_group_id(1) * TILE_M, gn = get_group_id(0) * TILE_N;
    const int steps = (int)K / TILE_K;

    for (int i = me; i < TILE_M * TILE_K; i += THREADS)
        sa[0][i / TILE_K][i % TILE_K] = a[(gm + i / TILE_K) * (int)K + i % TILE_K];
    for (int i = me; i < TILE_K * TILE_N; i += THREADS)
        sb[0][i / TILE_N][i % TILE_N] = b[(i / TILE_N) * (int)N + gn + i % TILE_N];
    barrier(CLK_LOCAL_MEM_FENCE);

    float acc[WPT_M][WPT_N] = {{0.0f}};
    for (int t = 0; t < steps; t++) {
        const int cur = t & 1;
        const int nxt = cur ^ 1;
        if (t + 1 < steps) {
            const int k0 = (t + 1) * TILE_K;
            for (int i = me; i < TILE_M * TILE_K; i += THREADS)
                sa[nxt][i / TILE_K][i % TILE_K] = a[(gm + i / TILE_K) * (int)K + k0 + i % TILE_K];
        }
        for (int k = 0; k < TILE_K; k++)
            for (int i = 0; i < WPT_M; i++) {
                const float av = sa[cur][ty * WPT_M + i][k];
                for (int j = 0; j < WPT_N; j++) acc[i][j] += av * sb[cur][k][tx * WPT_N + j];
            }
        if (t + 1 < steps) {
            const int k0 = (t + 1) * TILE_K;
            for (int i = me; i < TILE_K * TILE_N; i += THREADS)
                sb[cur][i / TILE_N][i % TILE_N] = b[(k0 + i / TILE_N) * (int)N + gn + i % TILE_N];  // BUG: the pair being read
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    for (int i = 0; i < WPT_M; i++)
        for (int j = 0; j < WPT_N; j++) c[(gm + ty * WPT_M + i) * (int)N + gn + tx * WPT_N + j] = acc[i][j];
}
