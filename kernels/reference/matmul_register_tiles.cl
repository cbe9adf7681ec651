// The course's reference GEMM for lab 06's contract, batched: the grader
// multiplies lab 07's products with this kernel, so that lab 07 is graded on
// strassen.cl alone, whatever the submission's lab-06 kernel does (and in a
// student edition, which has no solutions/).
//
// Written for clarity, not speed: plain floats, no float4, one buffer per slice.
//
// C (M × N) = A (M × K) · B (K × N), row-major. The host pads M to TILE_M,
// N to TILE_N and K to TILE_K, so the kernel sees only whole tiles.
// Local size (TILE_N / WPT_N, TILE_M / WPT_M); global (N / WPT_N, M / WPT_M, products).
//
// Two levels of tiling:
//   - a work-group computes a TILE_M × TILE_N macro tile of C, walking K in
//     steps of TILE_K with the current slices of A and B in local memory;
//   - a work-item computes WPT_M × WPT_N elements of that tile, kept in
//     registers (acc), so each value it reads from local memory serves WPT_N
//     (for A) or WPT_M (for B) multiply-adds.
//
// Batched launches: work-group z of NDRange dimension 2 multiplies the z-th of
// several equally sized products stored one after another.

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

#define ITEMS_N (TILE_N / WPT_N)  // work-items along a row of the macro tile
#define ITEMS_M (TILE_M / WPT_M)  // ... and down a column
#define ITEMS (ITEMS_N * ITEMS_M)

#if TILE_M % WPT_M != 0 || TILE_N % WPT_N != 0
#error "WPT_M must divide TILE_M and WPT_N must divide TILE_N"
#endif

__kernel __attribute__((reqd_work_group_size(ITEMS_N, ITEMS_M, 1)))
void matmul(__global const float* a, __global const float* b, __global float* c, uint M, uint K, uint N)
{
    // This work-group's product of the batch. size_t, because the offset
    // product * M * K passes 2^32 in a large batch (at 8192 × 8192, from
    // product 64 on), where uint arithmetic would wrap.
    const size_t product = get_group_id(2);
    a += product * M * K;
    b += product * K * N;
    c += product * M * N;

    __local float a_slice[TILE_M][TILE_K];
    __local float b_slice[TILE_K][TILE_N];

    // Row and column numbers here are ints, not the labs' uints: PoCL vectorises
    // this kernel across work-items far better with them (with uints it ran 2-3.5×
    // slower at 512³ on 2 cores). Element offsets, which can pass 2^31, are size_t.
    const int lx = get_local_id(0);
    const int ly = get_local_id(1);
    const int id = ly * ITEMS_N + lx;                   // 0 .. ITEMS - 1
    const int block_row = get_group_id(1) * TILE_M;     // first row of the macro tile in C (and A)
    const int block_col = get_group_id(0) * TILE_N;     // first column of the macro tile in C (and B)

    // The work-item's elements are spread over the macro tile: rows
    // ly, ly + ITEMS_M, ly + 2·ITEMS_M, ... and columns lx, lx + ITEMS_N, ...,
    // so that neighbouring work-items touch neighbouring columns.
    float acc[WPT_M][WPT_N];
    for (int i = 0; i < WPT_M; ++i)
        for (int j = 0; j < WPT_N; ++j)
            acc[i][j] = 0.0f;

    for (uint k0 = 0; k0 < K; k0 += TILE_K) {
        // Load the slices: the work-items of the group take turns over their
        // elements, neighbouring items on neighbouring addresses.
        for (int e = id; e < TILE_M * TILE_K; e += ITEMS) {
            const int slice_row = e / TILE_K, k = e % TILE_K;
            a_slice[slice_row][k] = a[(size_t)(block_row + slice_row) * K + k0 + k];
        }
        for (int e = id; e < TILE_K * TILE_N; e += ITEMS) {
            const int k = e / TILE_N, slice_col = e % TILE_N;
            b_slice[k][slice_col] = b[(size_t)(k0 + k) * N + block_col + slice_col];
        }
        barrier(CLK_LOCAL_MEM_FENCE);  // the slices are complete

        for (int k = 0; k < TILE_K; ++k) {
            // One column of A and one row of B into registers, then every
            // multiply-add of the micro tile with them.
            float a_reg[WPT_M], b_reg[WPT_N];
            for (int i = 0; i < WPT_M; ++i) a_reg[i] = a_slice[ly + i * ITEMS_M][k];
            for (int j = 0; j < WPT_N; ++j) b_reg[j] = b_slice[k][lx + j * ITEMS_N];
            for (int i = 0; i < WPT_M; ++i)
                for (int j = 0; j < WPT_N; ++j)
                    acc[i][j] = fma(a_reg[i], b_reg[j], acc[i][j]);
        }
        barrier(CLK_LOCAL_MEM_FENCE);  // everyone is done with the slices before the next step overwrites them
    }

    for (int i = 0; i < WPT_M; ++i) {
        const int row = block_row + ly + i * ITEMS_M;
        for (int j = 0; j < WPT_N; ++j) c[(size_t)row * N + block_col + lx + j * ITEMS_N] = acc[i][j];
    }
}
