// Mutant "unrolled_two_steps_missing_middle_barrier" (lab 05): BUG, write-after-read race.
// Two K steps per iteration; the second exists only when K has another tile (a uniform condition,
// fine). But between the first multiply and the second step's loads there is no barrier, so the
// loads overwrite tiles that slower work-items still multiply.
// Fix: barrier(CLK_LOCAL_MEM_FENCE) after the first multiply.
#ifndef TILE_SIZE
#define TILE_SIZE 32
#endif
#ifndef THREAD_WORK
#define THREAD_WORK 8
#endif
#define GROUP_COLS (TILE_SIZE / THREAD_WORK)

__kernel void matmul(__global const float* a, __global const float* b, __global float* c, uint M, uint K, uint N)
{
    __local float As[TILE_SIZE][TILE_SIZE + 1];
    __local float Bs[TILE_SIZE][TILE_SIZE + 1];
    const int lx = get_local_id(0), ly = get_local_id(1);
    const int col0 = get_group_id(0) * TILE_SIZE;
    const int row = get_group_id(1) * TILE_SIZE + ly;

    float acc[THREAD_WORK];
    for (int w = 0; w < THREAD_WORK; ++w) acc[w] = 0.0f;
    for (int k0 = 0; k0 < (int)K; k0 += 2 * TILE_SIZE) {
        for (int w = 0; w < THREAD_WORK; ++w) {
            As[ly][lx + w * GROUP_COLS] = a[row * (int)K + k0 + lx + w * GROUP_COLS];
            Bs[ly][lx + w * GROUP_COLS] = b[(k0 + ly) * (int)N + col0 + lx + w * GROUP_COLS];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int k = 0; k < TILE_SIZE; ++k)
            for (int w = 0; w < THREAD_WORK; ++w) acc[w] += As[ly][k] * Bs[k][lx + w * GROUP_COLS];

        const int k1 = k0 + TILE_SIZE;
        if (k1 < (int)K) {
            for (int w = 0; w < THREAD_WORK; ++w) {
                As[ly][lx + w * GROUP_COLS] = a[row * (int)K + k1 + lx + w * GROUP_COLS];  // BUG: no barrier before
                Bs[ly][lx + w * GROUP_COLS] = b[(k1 + ly) * (int)N + col0 + lx + w * GROUP_COLS];
            }
            barrier(CLK_LOCAL_MEM_FENCE);
            for (int k = 0; k < TILE_SIZE; ++k)
                for (int w = 0; w < THREAD_WORK; ++w) acc[w] += As[ly][k] * Bs[k][lx + w * GROUP_COLS];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    for (int w = 0; w < THREAD_WORK; ++w) c[row * (int)N + col0 + lx + w * GROUP_COLS] = acc[w];
}
