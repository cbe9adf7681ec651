// Lab 05: THREAD_WORK outputs per work-item.
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
// so that neighbouring work-items always touch neighbouring columns (README,
// "Which columns a work-item owns"). Local size (TILE_SIZE / THREAD_WORK,
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
    // One float of padding per row, as in lab 02 (README, "Bank conflicts
    // are back").
    __local float a_tile[TILE_SIZE][TILE_SIZE + 1];
    __local float b_tile[TILE_SIZE][TILE_SIZE + 1];

    const uint lx = get_local_id(0);                    // 0 .. GROUP_COLS - 1
    const uint ly = get_local_id(1);                    // 0 .. TILE_SIZE - 1
    const uint block_col = get_group_id(0) * TILE_SIZE; // first column of the block of C
    const uint row = get_group_id(1) * TILE_SIZE + ly;  // the row of C this work-item computes

    // One accumulator per output: acc[w] is column block_col + lx + w·GROUP_COLS.
    float acc[THREAD_WORK];
    for (uint w = 0; w < THREAD_WORK; ++w) {
        acc[w] = 0.0f;
    }

    for (uint k0 = 0; k0 < K; k0 += TILE_SIZE) {
        // TODO 1: the work-group has TILE_SIZE / THREAD_WORK times fewer
        //         work-items than the tiles have elements: load THREAD_WORK
        //         elements of each tile, at the columns of the tile this
        //         work-item owns (tile_col = lx + w·GROUP_COLS for
        //         w = 0 .. THREAD_WORK-1), in row ly:
        //             a_tile[ly][tile_col] = element (row, k0 + tile_col) of A
        //             b_tile[ly][tile_col] = element (k0 + ly, block_col + tile_col) of B
        barrier(CLK_LOCAL_MEM_FENCE);

        // TODO 2: for each k of the tile, read a_tile[ly][k] once into a
        //         private variable, then add its product with the B tile's
        //         element of each owned column to that column's accumulator.

        barrier(CLK_LOCAL_MEM_FENCE);
    }

    // TODO 3: store the THREAD_WORK accumulators in their elements of C.
}
