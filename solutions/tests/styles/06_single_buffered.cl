// Style test (lab 06): the stub of labs/06-matmul-register-tiles completed
// as the stub describes: single-buffered, two barriers per step, float4
// loads through pointer casts, and `+=` on float4s instead of fma().
// Must pass: it is what a student who follows the stub writes.

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

#define THREADS_N (TILE_N / WPT_N)                     // work-items along a row of the macro tile
#define THREADS_M (TILE_M / WPT_M)                     // ... and down a column
#define THREADS (THREADS_N * THREADS_M)
#define A_LOADS (TILE_M * TILE_K / 4 / THREADS)        // float4s of the A slice each work-item loads
#define B_LOADS (TILE_K * TILE_N / 4 / THREADS)        // ... and of the B slice

#if WPT_M % 4 != 0 || WPT_N % 4 != 0 || TILE_K % 4 != 0
#error "WPT_M, WPT_N and TILE_K must be multiples of 4 (the kernel moves float4s)"
#endif
#if (TILE_M * TILE_K / 4) % THREADS != 0 || (TILE_K * TILE_N / 4) % THREADS != 0
#error "each slice of A (TILE_M x TILE_K) and of B (TILE_K x TILE_N) must be a whole number of float4s per work-item"
#endif

__kernel __attribute__((reqd_work_group_size(THREADS_N, THREADS_M, 1)))
void matmul(__global const float* a, __global const float* b, __global float* c, uint M, uint K, uint N)
{
    const size_t product = get_group_id(2);
    a += product * M * K;
    b += product * K * N;
    c += product * M * N;

    // The current slices. A's is stored transposed (k-major): a_slice[k] holds
    // the TILE_M values of column k of the slice, so that, like B's, it is read
    // back as float4s along the macro tile.
    __local float4 a_slice[TILE_K][TILE_M / 4];
    __local float4 b_slice[TILE_K][TILE_N / 4];

    const int tx = get_local_id(0);
    const int ty = get_local_id(1);
    const int id = ty * THREADS_N + tx;             // 0 .. THREADS - 1
    const int tile_row = get_group_id(1) * TILE_M;  // first row of the macro tile in C (and A)
    const int tile_col = get_group_id(0) * TILE_N;  // first column of the macro tile in C (and B)

    // The micro tile is interleaved: work-item tx owns float4 columns tx,
    // tx + THREADS_N, tx + 2*THREADS_N, ... of the macro tile, and work-item ty
    // owns float4 rows ty, ty + THREADS_M, ... (4 rows each). acc[i][j] holds
    // row 4*(ty + (i/4)*THREADS_M) + i%4 and float4 column tx + j*THREADS_N.
    float4 acc[WPT_M][WPT_N / 4];
    for (int i = 0; i < WPT_M; ++i)
        for (int j = 0; j < WPT_N / 4; ++j)
            acc[i][j] = (float4)(0.0f);

    for (uint k0 = 0; k0 < K; k0 += TILE_K) {
        for (int l = 0; l < A_LOADS; ++l) {
            const int v = id + l * THREADS;
            const int row = v / (TILE_K / 4);
            const int k = (v % (TILE_K / 4)) * 4;
            const float4 x = *(__global const float4*)(a + (size_t)(tile_row + row) * K + k0 + k);
            __local float* a_columns = (__local float*)a_slice;
            a_columns[(k + 0) * TILE_M + row] = x.x;
            a_columns[(k + 1) * TILE_M + row] = x.y;
            a_columns[(k + 2) * TILE_M + row] = x.z;
            a_columns[(k + 3) * TILE_M + row] = x.w;
        }
        for (int l = 0; l < B_LOADS; ++l) {
            const int v = id + l * THREADS;
            const int row = v / (TILE_N / 4);
            const int col = (v % (TILE_N / 4)) * 4;
            b_slice[row][col / 4] = *(__global const float4*)(b + (size_t)(k0 + row) * N + tile_col + col);
        }
        barrier(CLK_LOCAL_MEM_FENCE);

        for (int k = 0; k < TILE_K; ++k) {
            float a_reg[WPT_M];
            for (int i = 0; i < WPT_M / 4; ++i) {
                const float4 x = a_slice[k][ty + i * THREADS_M];
                a_reg[4 * i + 0] = x.x;
                a_reg[4 * i + 1] = x.y;
                a_reg[4 * i + 2] = x.z;
                a_reg[4 * i + 3] = x.w;
            }
            float4 b_reg[WPT_N / 4];
            for (int j = 0; j < WPT_N / 4; ++j) b_reg[j] = b_slice[k][tx + j * THREADS_N];
            for (int i = 0; i < WPT_M; ++i)
                for (int j = 0; j < WPT_N / 4; ++j)
                    acc[i][j] += a_reg[i] * b_reg[j];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }

    // Store the micro tile, a float4 at a time (neighbouring work-items write
    // neighbouring float4s of a row of C).
    for (int i = 0; i < WPT_M; ++i) {
        const int row = tile_row + 4 * (ty + (i / 4) * THREADS_M) + i % 4;
        for (int j = 0; j < WPT_N / 4; ++j) {
            const int col = tile_col + 4 * (tx + j * THREADS_N);
            *(__global float4*)(c + (size_t)row * N + col) = acc[i][j];
        }
    }
}
