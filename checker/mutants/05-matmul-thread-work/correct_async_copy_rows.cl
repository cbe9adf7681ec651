// Mutant "correct_async_copy_rows" (lab 05): correct, no bug.
// The tiles are filled by the work-group with async_work_group_copy, one row of TILE_SIZE floats
// per call (the host pads, so every row is whole), chained on one event. wait_group_events makes
// the copies complete before the multiply; the barrier at the end of the step keeps the next
// step's copies from overwriting rows that slower work-items still read.
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
    const uint lx = get_local_id(0), ly = get_local_id(1);
    const uint row0 = get_group_id(1) * TILE_SIZE;
    const uint col0 = get_group_id(0) * TILE_SIZE;

    float acc[THREAD_WORK];
    for (int w = 0; w < THREAD_WORK; ++w) acc[w] = 0.0f;
    for (uint k0 = 0; k0 < K; k0 += TILE_SIZE) {
        event_t copied = 0;
        for (uint r = 0; r < TILE_SIZE; ++r) {
            copied = async_work_group_copy(As[r], a + (row0 + r) * K + k0, TILE_SIZE, copied);
            copied = async_work_group_copy(Bs[r], b + (k0 + r) * N + col0, TILE_SIZE, copied);
        }
        wait_group_events(1, &copied);
        for (uint k = 0; k < TILE_SIZE; ++k)
            for (int w = 0; w < THREAD_WORK; ++w) acc[w] += As[ly][k] * Bs[k][lx + w * GROUP_COLS];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    for (int w = 0; w < THREAD_WORK; ++w) c[(row0 + ly) * N + col0 + lx + w * GROUP_COLS] = acc[w];
}
