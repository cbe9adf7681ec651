// Correct: the barrier that protects the tiles from being overwritten is
// skipped after the last tile, under `if (t + 1 < num_tiles)`. The condition
// depends only on the loop counter and the kernel argument K, so every
// work-item of the group takes the same branch: the barrier is legal (slide
// deck 02), and it saves one barrier per work-group.
#ifndef TILE_SIZE
#define TILE_SIZE 32
#endif
#ifndef THREAD_WORK
#define THREAD_WORK 8
#endif

#define GROUP_COLS (TILE_SIZE / THREAD_WORK)

__kernel void matmul(__global const float* a, __global const float* b, __global float* c, uint M, uint K, uint N)
{
    __local float a_tile[TILE_SIZE][TILE_SIZE];
    __local float b_tile[TILE_SIZE][TILE_SIZE];

    const uint lx = get_local_id(0);
    const uint ly = get_local_id(1);
    const uint block_col = get_group_id(0) * TILE_SIZE;
    const uint row = get_group_id(1) * TILE_SIZE + ly;
    const uint num_tiles = K / TILE_SIZE;  // the host pads K to a multiple of TILE_SIZE

    float acc[THREAD_WORK];
    for (int w = 0; w < THREAD_WORK; ++w) acc[w] = 0.0f;

    for (uint t = 0; t < num_tiles; ++t) {
        for (int w = 0; w < THREAD_WORK; ++w) {
            const uint col = lx + w * GROUP_COLS;
            a_tile[ly][col] = a[row * K + t * TILE_SIZE + col];
            b_tile[ly][col] = b[(t * TILE_SIZE + ly) * N + block_col + col];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (uint k = 0; k < TILE_SIZE; ++k) {
            const float a_value = a_tile[ly][k];
            for (int w = 0; w < THREAD_WORK; ++w) acc[w] += a_value * b_tile[k][lx + w * GROUP_COLS];
        }
        // Work-group-uniform: no work-item writes the tiles after the last step.
        if (t + 1 < num_tiles) barrier(CLK_LOCAL_MEM_FENCE);
    }

    for (int w = 0; w < THREAD_WORK; ++w) c[row * N + block_col + lx + w * GROUP_COLS] = acc[w];
}
