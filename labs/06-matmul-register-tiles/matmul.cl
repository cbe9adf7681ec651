// Lab 06: register micro-tiles.
//
// C (M × N) = A (M × K) · B (K × N), row-major. The host pads M to TILE_M, N to
// TILE_N and K to TILE_K, so the kernel sees only whole tiles.
//
// Two levels of tiling:
//   - a work-group computes a TILE_M × TILE_N macro tile of C, walking K in
//     steps of TILE_K with the current slices of A and B staged in local memory;
//   - a work-item computes a WPT_M × WPT_N micro tile of C held in registers:
//     per k it loads WPT_M values of A and WPT_N values of B into registers and
//     does WPT_M · WPT_N multiply-adds with them.
// Local size (TILE_N / WPT_N, TILE_M / WPT_M); global (N / WPT_N, M / WPT_M).
// All traffic is in float4s: WPT_M, WPT_N and TILE_K are multiples of 4, and
// each slice is a whole number of float4s per work-item.
//
// This kernel is single-buffered: load a pair of slices, barrier, multiply,
// barrier. Overlapping the next load with the multiply-adds (double buffering)
// is the last step of the README.
//
// Batched launches (lab 07) add a third NDRange dimension: work-group z
// multiplies the z-th of several equally sized products stored one after another.

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
    // Move to product number get_group_id(2) of the batch. size_t, because the
    // offset product * M * K passes 2^32 in a large batch (at 8192 × 8192, from
    // product 64 on), where uint arithmetic would wrap.
    const size_t product = get_group_id(2);
    a += product * M * K;
    b += product * K * N;
    c += product * M * N;

    // The current slices. A's is stored transposed (k-major): a_slice[k] holds
    // the TILE_M values of column k of the slice, so that, like B's, it is read
    // back as float4s along the macro tile.
    __local float4 a_slice[TILE_K][TILE_M / 4];
    __local float4 b_slice[TILE_K][TILE_N / 4];

    const uint lx = get_local_id(0);
    const uint ly = get_local_id(1);
    const uint id = ly * THREADS_N + lx;                // 0 .. THREADS - 1
    const uint block_row = get_group_id(1) * TILE_M;    // first row of the macro tile in C (and A)
    const uint block_col = get_group_id(0) * TILE_N;    // first column of the macro tile in C (and B)

    // The micro tile is interleaved: work-item lx owns float4 columns lx,
    // lx + THREADS_N, lx + 2*THREADS_N, ... of the macro tile, and work-item ly
    // owns float4 rows ly, ly + THREADS_M, ... (4 rows each). acc[i][j] holds
    // row 4*(ly + (i/4)*THREADS_M) + i%4 and float4 column lx + j*THREADS_N.
    float4 acc[WPT_M][WPT_N / 4];
    for (uint i = 0; i < WPT_M; ++i)
        for (uint j = 0; j < WPT_N / 4; ++j)
            acc[i][j] = (float4)(0.0f);

    for (uint k0 = 0; k0 < K; k0 += TILE_K) {
        // TODO 1 (float4 loads): copy the A slice (rows block_row .. block_row+TILE_M-1,
        //   columns k0 .. k0+TILE_K-1) and the B slice (rows k0 .. k0+TILE_K-1,
        //   columns block_col .. block_col+TILE_N-1) into local memory, a float4 at a
        //   time. Coalescing decides the order: the THREADS work-items should take
        //   each slice's float4s in turns, so that neighbouring work-items read
        //   neighbouring float4s of a row; each moves A_LOADS float4s of A and
        //   B_LOADS of B. B's slice is stored as it is. A's is stored transposed (see
        //   a_slice above), so the four floats of one A float4 land in four
        //   different rows of a_slice; a view of a_slice as plain floats lets you
        //   place one float.
        barrier(CLK_LOCAL_MEM_FENCE);

        for (uint k = 0; k < TILE_K; ++k) {
            // TODO 2 (registers): copy into private memory what this work-item's
            //   micro tile needs at this k: its WPT_M values of column k of the A
            //   slice (its rows, interleaved as described above acc) and its
            //   WPT_N / 4 float4s of row k of the B slice (its float4 columns).

            // TODO 3 (the micro tile): WPT_M · WPT_N multiply-adds: every
            //   accumulator gains the product of the A value of its row and the B
            //   float4 of its columns (a float times a float4 scales all four lanes).
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }

    // Store the micro tile, a float4 at a time (neighbouring work-items write
    // neighbouring float4s of a row of C).
    for (uint i = 0; i < WPT_M; ++i) {
        const uint row = block_row + 4 * (ly + (i / 4) * THREADS_M) + i % 4;
        for (uint j = 0; j < WPT_N / 4; ++j) {
            const uint col = block_col + 4 * (lx + j * THREADS_N);
            *(__global float4*)(c + (size_t)row * N + col) = acc[i][j];
        }
    }
}
