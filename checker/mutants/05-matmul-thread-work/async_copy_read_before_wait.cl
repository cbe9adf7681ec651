// Mutant "async_copy_read_before_wait" (lab 05): BUG, the tiles are read before the copy is done.
// The tiles are copied row by row with async_work_group_copy, but each work-item reads its first
// B values early, before wait_group_events: the copy may not have arrived yet.
// Fix: call wait_group_events before the first read of the tiles.
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
        float b_first[THREAD_WORK];
        for (int w = 0; w < THREAD_WORK; ++w) b_first[w] = Bs[0][lx + w * GROUP_COLS];  // BUG: before the wait
        wait_group_events(1, &copied);
        const float a_first = As[ly][0];
        for (int w = 0; w < THREAD_WORK; ++w) acc[w] += a_first * b_first[w];
        for (uint k = 1; k < TILE_SIZE; ++k)
            for (int w = 0; w < THREAD_WORK; ++w) acc[w] += As[ly][k] * Bs[k][lx + w * GROUP_COLS];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    for (int w = 0; w < THREAD_WORK; ++w) c[(row0 + ly) * N + col0 + lx + w * GROUP_COLS] = acc[w];
}
