// Correct: double-buffered tiles. While the group multiplies the tiles in
// half `cur`, the next tiles go into the other half; the loads of the next
// step and the barrier that publishes them sit under `if (more)`, a condition
// of the loop counter and K only, so the whole work-group takes it together.
// One barrier per step: the next step's loads write the half that was read
// two steps ago, and the barrier of the step in between ordered those reads.
#ifndef TILE_SIZE
#define TILE_SIZE 32
#endif
#ifndef THREAD_WORK
#define THREAD_WORK 8
#endif

#define GROUP_COLS (TILE_SIZE / THREAD_WORK)

void load_tiles(__global const float* a, __global const float* b, __local float (*a_half)[TILE_SIZE],
                __local float (*b_half)[TILE_SIZE], uint row, uint block_col, uint k0, uint K, uint N)
{
    const uint lx = get_local_id(0);
    const uint ly = get_local_id(1);
    for (int w = 0; w < THREAD_WORK; ++w) {
        const uint col = lx + w * GROUP_COLS;
        a_half[ly][col] = a[row * K + k0 + col];
        b_half[ly][col] = b[(k0 + ly) * N + block_col + col];
    }
}

__kernel void matmul(__global const float* a, __global const float* b, __global float* c, uint M, uint K, uint N)
{
    __local float a_tiles[2][TILE_SIZE][TILE_SIZE];
    __local float b_tiles[2][TILE_SIZE][TILE_SIZE];

    const uint lx = get_local_id(0);
    const uint ly = get_local_id(1);
    const uint block_col = get_group_id(0) * TILE_SIZE;
    const uint row = get_group_id(1) * TILE_SIZE + ly;
    const uint steps = K / TILE_SIZE;

    float acc[THREAD_WORK];
    for (int w = 0; w < THREAD_WORK; ++w) acc[w] = 0.0f;

    if (steps > 0) {
        load_tiles(a, b, a_tiles[0], b_tiles[0], row, block_col, 0, K, N);
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    for (uint t = 0; t < steps; ++t) {
        const uint cur = t % 2;
        const bool more = t + 1 < steps;  // the same for every work-item of the group
        if (more) load_tiles(a, b, a_tiles[1 - cur], b_tiles[1 - cur], row, block_col, (t + 1) * TILE_SIZE, K, N);
        for (uint k = 0; k < TILE_SIZE; ++k) {
            const float a_value = a_tiles[cur][ly][k];
            for (int w = 0; w < THREAD_WORK; ++w) acc[w] += a_value * b_tiles[cur][k][lx + w * GROUP_COLS];
        }
        if (more) barrier(CLK_LOCAL_MEM_FENCE);
    }

    for (int w = 0; w < THREAD_WORK; ++w) c[row * N + block_col + lx + w * GROUP_COLS] = acc[w];
}
