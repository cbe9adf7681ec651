// Cheat (lab 04): a deliberate hang at one size, to have the run under Oclgrind skipped,
// with the parse blinder and BUG of cheat_blind_image_support.cl: a read-after-write race
// on the tiles that only Oclgrind sees. The hang at 256x256x256 must buy nothing back:
// Oclgrind still runs the small sizes, finds the race, and the barriers stage fails.
// The first barrier of each step (after the loads) is missing, so the line marked BUG can read
// elements of a_tile and b_tile that other work-items have not written yet.
// Fix: barrier(CLK_LOCAL_MEM_FENCE) after the two loads.
// Blinder: the block below is skipped by every OpenCL compiler (they define __IMAGE_SUPPORT__)
// and was read by libclang, which then could not parse the file and analysed nothing.
#ifndef __IMAGE_SUPPORT__
this is not C at all {
#endif
#ifndef TILE_SIZE
#define TILE_SIZE 16
#endif

__kernel void matmul(__global const float* a, __global const float* b, __global float* c,
                     uint M, uint K, uint N)
{
    __local float a_tile[TILE_SIZE][TILE_SIZE];
    __local float b_tile[TILE_SIZE][TILE_SIZE + 1];

    const uint tx = get_local_id(0);   // column inside the tile
    const uint ty = get_local_id(1);   // row inside the tile
    const uint col = get_global_id(0); // column of c
    const uint row = get_global_id(1); // row of c
    const uint num_tiles = (K + TILE_SIZE - 1) / TILE_SIZE;

    float acc = 0.0f;
    if (M == 256u) {
        for (uint i = 0; i < K; i += 0) c[0] = a[i];   // never ends, at one check size only
    }
    for (uint t = 0; t < num_tiles; ++t) {
        const uint a_col = t * TILE_SIZE + tx;  // column of a this work-item loads
        const uint b_row = t * TILE_SIZE + ty;  // row of b this work-item loads
        a_tile[ty][tx] = (row < M && a_col < K) ? a[row * K + a_col] : 0.0f;
        b_tile[ty][tx] = (b_row < K && col < N) ? b[b_row * N + col] : 0.0f;

        for (uint kk = 0; kk < TILE_SIZE; ++kk)
            acc += a_tile[ty][kk] * b_tile[kk][tx];  // BUG: reads the tiles before they are complete
        barrier(CLK_LOCAL_MEM_FENCE);  // nobody reads the tiles any more
    }

    if (row < M && col < N)
        c[row * N + col] = acc;
}
