// full clone only: lab 06's solution with the padding of the local A slice a define (it answers lab 06).
// An experiment of 2026-11-29 (call10.sh): A_PAD = 0 lets TILE_K = 32 fit 48 KiB at 64 × 128.
// Lab 06 solution: register micro-tiles.
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
#ifndef UNROLL_K
#define UNROLL_K 0  // 1: unroll the loop over the k of a slice (see the micro-tile loop)
#endif

#define THREADS_N (TILE_N / WPT_N)                     // work-items along a row of the macro tile
#define THREADS_M (TILE_M / WPT_M)                     // ... and down a column
#define THREADS (THREADS_N * THREADS_M)
#define A_LOADS (TILE_M * TILE_K / 4 / THREADS)        // float4s of the A slice each work-item loads
#define B_LOADS (TILE_K * TILE_N / 4 / THREADS)        // ... and of the B slice
#ifndef A_PAD
#define A_PAD 4
#endif
#define A_ROW (TILE_M + A_PAD)

#if WPT_M % 4 != 0 || WPT_N % 4 != 0 || TILE_K % 4 != 0
#error "WPT_M, WPT_N and TILE_K must be multiples of 4 (the kernel moves float4s)"
#endif
#if (TILE_M * TILE_K / 4) % THREADS != 0 || (TILE_K * TILE_N / 4) % THREADS != 0
#error "each slice of A (TILE_M x TILE_K) and of B (TILE_K x TILE_N) must be a whole number of float4s per work-item"
#endif

// Copies this work-item's share of the A and B slices that start at column k0
// of A (row k0 of B) into registers. Work-item `id` loads float4 number id,
// id + THREADS, id + 2*THREADS, ... of each slice, so neighbouring work-items
// read neighbouring float4s of a row: coalesced.
// The float4 pointers promise 16-byte alignment, which the padding guarantees;
// vload4 promises only 4, and a compiler may split it into four loads.
void fetch_slices(__global const float* a, __global const float* b, uint K, uint N, uint block_row,
                  uint block_col, uint k0, uint id, float4 a_next[A_LOADS], float4 b_next[B_LOADS])
{
    // slide: fetch-a
    for (uint l = 0; l < A_LOADS; ++l) {
        const uint v = id + l * THREADS;
        const uint slice_row = v / (TILE_K / 4);
        const uint k = (v % (TILE_K / 4)) * 4;
        a_next[l] = *(__global const float4*)(a + (size_t)(block_row + slice_row) * K + k0 + k);
    }
    // end slide: fetch-a
    for (uint l = 0; l < B_LOADS; ++l) {
        const uint v = id + l * THREADS;
        const uint k = v / (TILE_N / 4);
        const uint slice_col = (v % (TILE_N / 4)) * 4;
        b_next[l] = *(__global const float4*)(b + (size_t)(k0 + k) * N + block_col + slice_col);
    }
}

// Stores the fetched share into one pair of local slices. A is stored
// transposed (k-major: a_slice[k] holds the TILE_M values of column k), so
// that, like B, it is read back as float4s along the macro tile.
// Each row a_slice[k] is one float4 longer than the tile (A_ROW floats): the
// two work-items that store the two halves of one float4 row of A (k and k + 4)
// then write to different memory banks instead of the same one.
void stage_slices(__local float4 a_slice[TILE_K][A_ROW / 4], __local float4 b_slice[TILE_K][TILE_N / 4],
                  uint id, const float4 a_next[A_LOADS], const float4 b_next[B_LOADS])
{
    // slide: stage-a
    __local float* a_columns = (__local float*)a_slice;
    for (uint l = 0; l < A_LOADS; ++l) {
        const uint v = id + l * THREADS;
        const uint slice_row = v / (TILE_K / 4);
        const uint k = (v % (TILE_K / 4)) * 4;
        a_columns[(k + 0) * A_ROW + slice_row] = a_next[l].x;
        a_columns[(k + 1) * A_ROW + slice_row] = a_next[l].y;
        a_columns[(k + 2) * A_ROW + slice_row] = a_next[l].z;
        a_columns[(k + 3) * A_ROW + slice_row] = a_next[l].w;
    }
    // end slide: stage-a
    for (uint l = 0; l < B_LOADS; ++l) {
        const uint v = id + l * THREADS;
        b_slice[v / (TILE_N / 4)][v % (TILE_N / 4)] = b_next[l];
    }
}

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

    // slide: two-buffers
    // Two pairs of slices, used in turn (double buffering): while the
    // work-group multiplies one pair, the next slices are stored into the other.
    __local float4 a_tile[2][TILE_K][A_ROW / 4];
    __local float4 b_tile[2][TILE_K][TILE_N / 4];
    // end slide: two-buffers

    const uint lx = get_local_id(0);
    const uint ly = get_local_id(1);
    const uint id = ly * THREADS_N + lx;                // 0 .. THREADS - 1
    const uint block_row = get_group_id(1) * TILE_M;    // first row of the macro tile in C (and A)
    const uint block_col = get_group_id(0) * TILE_N;    // first column of the macro tile in C (and B)

    // The micro tile is interleaved: work-item lx owns float4 columns lx,
    // lx + THREADS_N, lx + 2*THREADS_N, ... of the macro tile, and likewise
    // rows. Neighbouring work-items then read neighbouring float4s of local
    // memory (no bank conflicts) and write neighbouring float4s of C (coalesced).
    // acc[i][4*j + r] is lane r of the j-th float4 column of row i.
    float acc[WPT_M][WPT_N];
    for (uint i = 0; i < WPT_M; ++i)
        for (uint j = 0; j < WPT_N; ++j)
            acc[i][j] = 0.0f;

    // slide: prologue
    float4 a_next[A_LOADS];
    float4 b_next[B_LOADS];
    fetch_slices(a, b, K, N, block_row, block_col, 0, id, a_next, b_next);
    stage_slices(a_tile[0], b_tile[0], id, a_next, b_next);
    barrier(CLK_LOCAL_MEM_FENCE);
    // end slide: prologue

    // slide: prefetch
    uint now = 0;  // the pair of slices being multiplied; 1 - now is being filled
    for (uint k0 = 0; k0 < K; k0 += TILE_K) {
        const bool more = k0 + TILE_K < K;
        // Start fetching the next slices: the loads are in flight while the
        // multiply-adds below run.
        if (more) {
            fetch_slices(a, b, K, N, block_row, block_col, k0 + TILE_K, id, a_next, b_next);
        }
        // end slide: prefetch

        // NVIDIA's compiler leaves the loop over k rolled unless told; unrolled,
        // every local-memory address in it is a constant offset (see the README,
        // "What the last 10% took"). [gpu.defines] sets UNROLL_K; on PoCL the full
        // unroll of the CPU tiles was slower, so there the compiler keeps its choice.
#if UNROLL_K
#pragma unroll
#endif
        // slide: micro-tile
        for (uint k = 0; k < TILE_K; ++k) {
            // One column of A and one row of B into registers (vstore4(v, i, p)
            // writes the float4 v to p[4*i .. 4*i + 3]) ...
            float a_reg[WPT_M];
            for (uint i = 0; i < WPT_M / 4; ++i)
                vstore4(a_tile[now][k][ly + i * THREADS_M], i, a_reg);
            float b_reg[WPT_N];
            for (uint j = 0; j < WPT_N / 4; ++j)
                vstore4(b_tile[now][k][lx + j * THREADS_N], j, b_reg);
            // ... and their WPT_M · WPT_N products, two rows at a time, the second
            // walking back: ptxas allocates this order 1% faster (README).
            for (uint i = 0; i < WPT_M; i += 2) {
                for (uint j = 0; j < WPT_N; ++j)
                    acc[i][j] = fma(a_reg[i], b_reg[j], acc[i][j]);
                for (uint j = WPT_N; j-- > 0;)
                    acc[i + 1][j] = fma(a_reg[i + 1], b_reg[j], acc[i + 1][j]);
            }
        }
        // end slide: micro-tile

        // slide: swap
        // The other pair was last read before the previous barrier, so it can
        // be overwritten now; one barrier per step makes the new pair visible.
        if (more) stage_slices(a_tile[1 - now], b_tile[1 - now], id, a_next, b_next);
        barrier(CLK_LOCAL_MEM_FENCE);
        now = 1 - now;
    }
    // end slide: swap

    // slide: store
    // a_reg[4*i + r] came from row 4*(ly + i*THREADS_M) + r of the macro tile;
    // vload4(j, acc[i]) is the float4 acc[i][4*j .. 4*j + 3].
    for (uint i = 0; i < WPT_M; ++i) {
        const uint row = block_row + 4 * (ly + (i / 4) * THREADS_M) + i % 4;
        for (uint j = 0; j < WPT_N / 4; ++j) {
            const uint col = block_col + 4 * (lx + j * THREADS_N);
            *(__global float4*)(c + (size_t)row * N + col) = vload4(j, acc[i]);
        }
    }
    // end slide: store
}
