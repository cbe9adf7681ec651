// Lab 05 solution: THREAD_WORK outputs per work-item.
//
// Same contract as labs 03-04: C (M × N) = A (M × K) · B (K × N), row-major.
// The host pads M, K and N with zeros to multiples of TILE_SIZE and crops C
// afterwards, so this kernel sees only whole tiles and needs no edge guards.
//
// A work-group computes a TILE_SIZE × TILE_SIZE block of C, as in lab 04, but
// with TILE_SIZE / THREAD_WORK × TILE_SIZE work-items: each computes
// THREAD_WORK elements of one row of C. Work-item (lx, ly) owns row ly of the
// block and the columns
//
//     lx, lx + GROUP_COLS, lx + 2·GROUP_COLS, ...   (THREAD_WORK of them)
//
// so that neighbouring work-items always touch neighbouring columns: their
// global loads and stores are coalesced. Local size (TILE_SIZE / THREAD_WORK,
// TILE_SIZE); global (N / THREAD_WORK, M).

#ifndef TILE_SIZE
#define TILE_SIZE 32
#endif
#ifndef THREAD_WORK
#define THREAD_WORK 8
#endif

#if TILE_SIZE % THREAD_WORK != 0
#error "THREAD_WORK must divide TILE_SIZE"
#endif

#define GROUP_COLS (TILE_SIZE / THREAD_WORK)  // work-items along a row of the work-group

__kernel void matmul(__global const float* a, __global const float* b, __global float* c, uint M, uint K, uint N)
{
    // One float of padding per row, as in lab 02. A work-group row has only
    // GROUP_COLS work-items, so a warp of 32 spans 32 / GROUP_COLS rows of the
    // group, and a_tile[ly][k] of those rows would all fall in one bank.
    __local float a_tile[TILE_SIZE][TILE_SIZE + 1];
    __local float b_tile[TILE_SIZE][TILE_SIZE + 1];

    const uint lx = get_local_id(0);                    // 0 .. GROUP_COLS - 1
    const uint ly = get_local_id(1);                    // 0 .. TILE_SIZE - 1
    const uint block_col = get_group_id(0) * TILE_SIZE; // first column of the block of C
    const uint row = get_group_id(1) * TILE_SIZE + ly;  // the row of C this work-item computes

    // slide: accumulators
    // One accumulator per output: acc[w] is column block_col + lx + w·GROUP_COLS.
    float acc[THREAD_WORK];
    for (uint w = 0; w < THREAD_WORK; ++w) {
        acc[w] = 0.0f;
    }
    // end slide: accumulators

    // slide: loads
    for (uint k0 = 0; k0 < K; k0 += TILE_SIZE) {
        // Each work-item loads THREAD_WORK elements of each tile, at the
        // columns it owns: row ly of the A tile, row ly of the B tile.
        for (uint w = 0; w < THREAD_WORK; ++w) {
            const uint tile_col = lx + w * GROUP_COLS;
            a_tile[ly][tile_col] = a[row * K + k0 + tile_col];
            b_tile[ly][tile_col] = b[(k0 + ly) * N + block_col + tile_col];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        // end slide: loads

        // slide: reuse
        for (uint k = 0; k < TILE_SIZE; ++k) {
            // The idea of this lab: A's element is read from local memory once
            // and kept in a register for THREAD_WORK multiply-adds.
            const float a_value = a_tile[ly][k];
            for (uint w = 0; w < THREAD_WORK; ++w) {
                acc[w] += a_value * b_tile[k][lx + w * GROUP_COLS];
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    // end slide: reuse

    // slide: store
    for (uint w = 0; w < THREAD_WORK; ++w) {
        c[row * N + block_col + lx + w * GROUP_COLS] = acc[w];
    }
    // end slide: store
}
