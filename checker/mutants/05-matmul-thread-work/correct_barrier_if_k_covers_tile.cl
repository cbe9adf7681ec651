// Mutant "correct_barrier_if_k_covers_tile" (lab 05): correct, no bug.
// The load barrier is written under `if (K >= TILE_SIZE)`: the host pads K to a multiple of
// TILE_SIZE, so inside the loop it always holds, and it is the same for the whole work-group
// anyway (K is a kernel argument). Contiguous columns per work-item, a helper for the loads,
// size_t indices.
#ifndef TILE_SIZE
#define TILE_SIZE 32
#endif
#ifndef THREAD_WORK
#define THREAD_WORK 8
#endif

void load_row_part(__local float* dst, __global const float* src, size_t first)
{
    for (size_t w = 0; w < THREAD_WORK; ++w) dst[first + w] = src[first + w];
}

__kernel void matmul(__global const float* a, __global const float* b, __global float* c, uint M, uint K, uint N)
{
    __local float As[TILE_SIZE][TILE_SIZE];
    __local float Bs[TILE_SIZE][TILE_SIZE];
    const size_t lx = get_local_id(0), ly = get_local_id(1);
    const size_t row = get_group_id(1) * TILE_SIZE + ly;
    const size_t col0 = get_group_id(0) * TILE_SIZE;
    const size_t first = lx * THREAD_WORK;  // this work-item's columns: first .. first + THREAD_WORK - 1

    float acc[THREAD_WORK] = {0.0f};
    for (size_t k0 = 0; k0 < K; k0 += TILE_SIZE) {
        load_row_part(As[ly], a + row * K + k0, first);
        load_row_part(Bs[ly], b + (k0 + ly) * N + col0, first);
        if (K >= TILE_SIZE)
            barrier(CLK_LOCAL_MEM_FENCE);
        for (size_t k = 0; k < TILE_SIZE; ++k)
            for (size_t w = 0; w < THREAD_WORK; ++w)
                acc[w] = fma(As[ly][k], Bs[k][first + w], acc[w]);
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    for (size_t w = 0; w < THREAD_WORK; ++w) c[row * N + col0 + first + w] = acc[w];
}
