// Style (lab 04): correct, written differently from the solution: 1-D local
// arrays indexed row * TILE_SIZE + column, int indices, if/else zero fill,
// mad() in the inner loop.
#ifndef TILE_SIZE
#define TILE_SIZE 16
#endif

__kernel void matmul(__global const float* a, __global const float* b, __global float* c, uint M, uint K, uint N)
{
    __local float a_tile[TILE_SIZE * TILE_SIZE];
    __local float b_tile[TILE_SIZE * TILE_SIZE];
    const int lx = (int)get_local_id(0);
    const int ly = (int)get_local_id(1);
    const int col = (int)get_global_id(0);
    const int row = (int)get_global_id(1);
    const int rows = (int)M, inner = (int)K, cols = (int)N;

    float sum = 0.0f;
    for (int k0 = 0; k0 < inner; k0 += TILE_SIZE) {
        if (row < rows && k0 + lx < inner)
            a_tile[ly * TILE_SIZE + lx] = a[row * inner + k0 + lx];
        else
            a_tile[ly * TILE_SIZE + lx] = 0.0f;
        if (k0 + ly < inner && col < cols)
            b_tile[ly * TILE_SIZE + lx] = b[(k0 + ly) * cols + col];
        else
            b_tile[ly * TILE_SIZE + lx] = 0.0f;
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int k = 0; k < TILE_SIZE; ++k)
            sum = mad(a_tile[ly * TILE_SIZE + k], b_tile[k * TILE_SIZE + lx], sum);
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (row < rows && col < cols) c[row * cols + col] = sum;
}
