// Mutant "correct_local_accumulators" (lab 05): correct, no bug.
// The THREAD_WORK running sums of each work-item are kept in __local memory, at
// acc[ly][lx + w * GROUP_COLS]: every element belongs to exactly one work-item, which zeroes it,
// adds to it and reads it back itself, so those accesses need no barrier. The tiles do.
#ifndef TILE_SIZE
#define TILE_SIZE 32
#endif
#ifndef THREAD_WORK
#define THREAD_WORK 8
#endif
#define GROUP_COLS (TILE_SIZE / THREAD_WORK)

__kernel void matmul(__global const float* a, __global const float* b, __global float* c, uint M, uint K, uint N)
{
    __local float As[TILE_SIZE][TILE_SIZE];
    __local float Bs[TILE_SIZE][TILE_SIZE];
    __local float acc[TILE_SIZE][TILE_SIZE];
    const int lx = get_local_id(0), ly = get_local_id(1);
    const int row = get_group_id(1) * TILE_SIZE + ly;
    const int col0 = get_group_id(0) * TILE_SIZE;

    for (int w = 0; w < THREAD_WORK; ++w) acc[ly][lx + w * GROUP_COLS] = 0.0f;
    for (int k0 = 0; k0 < (int)K; k0 += TILE_SIZE) {
        for (int w = 0; w < THREAD_WORK; ++w) {
            As[ly][lx + w * GROUP_COLS] = a[row * (int)K + k0 + lx + w * GROUP_COLS];
            Bs[ly][lx + w * GROUP_COLS] = b[(k0 + ly) * (int)N + col0 + lx + w * GROUP_COLS];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int k = 0; k < TILE_SIZE; ++k) {
            const float av = As[ly][k];
            for (int w = 0; w < THREAD_WORK; ++w) acc[ly][lx + w * GROUP_COLS] += av * Bs[k][lx + w * GROUP_COLS];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    for (int w = 0; w < THREAD_WORK; ++w) c[row * (int)N + col0 + lx + w * GROUP_COLS] = acc[ly][lx + w * GROUP_COLS];
}
