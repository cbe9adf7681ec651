// Style (lab 05): correct, written differently from the solution: each
// work-item owns THREAD_WORK neighbouring columns (lx·THREAD_WORK + w), 1-D
// local arrays, int indices, fma().
#ifndef TILE_SIZE
#define TILE_SIZE 32
#endif
#ifndef THREAD_WORK
#define THREAD_WORK 8
#endif

__kernel void matmul(__global const float* a, __global const float* b, __global float* c, uint M, uint K, uint N)
{
    __local float a_tile[TILE_SIZE * TILE_SIZE];
    __local float b_tile[TILE_SIZE * TILE_SIZE];
    const int lx = (int)get_local_id(0);
    const int ly = (int)get_local_id(1);
    const int first_col = lx * THREAD_WORK;
    const int block_col = (int)get_group_id(0) * TILE_SIZE;
    const int row = (int)get_group_id(1) * TILE_SIZE + ly;
    const int inner = (int)K, cols = (int)N;

    float acc[THREAD_WORK];
    for (int w = 0; w < THREAD_WORK; ++w) acc[w] = 0.0f;

    for (int k0 = 0; k0 < inner; k0 += TILE_SIZE) {
        for (int w = 0; w < THREAD_WORK; ++w) {
            a_tile[ly * TILE_SIZE + first_col + w] = a[row * inner + k0 + first_col + w];
            b_tile[ly * TILE_SIZE + first_col + w] = b[(k0 + ly) * cols + block_col + first_col + w];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int k = 0; k < TILE_SIZE; ++k) {
            const float a_value = a_tile[ly * TILE_SIZE + k];
            for (int w = 0; w < THREAD_WORK; ++w)
                acc[w] = fma(a_value, b_tile[k * TILE_SIZE + first_col + w], acc[w]);
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    for (int w = 0; w < THREAD_WORK; ++w) c[row * cols + block_col + first_col + w] = acc[w];
}
