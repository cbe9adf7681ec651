// Runtime mutant (lab 04): CORRECT. 2-D tiles declared as 2-D arrays but used
// through flat views: a pointer to the first element of As, a cast of Bs, and
// a helper that takes a row of As and the B tile as plain __local pointers.
#ifndef TILE_SIZE
#define TILE_SIZE 16
#endif

float row_times_column(__local const float* a_row, __local const float* b_flat, uint col)
{
    float sum = 0.0f;
    for (int k = 0; k < TILE_SIZE; ++k)
        sum = fma(a_row[k], b_flat[k * TILE_SIZE + col], sum);
    return sum;
}

__kernel void matmul(__global const float* a, __global const float* b, __global float* c, uint M, uint K, uint N)
{
    __local float As[TILE_SIZE][TILE_SIZE];
    __local float Bs[TILE_SIZE][TILE_SIZE];
    __local float* as_flat = &As[0][0];
    __local float* bs_flat = (__local float*)Bs;
    const int lx = get_local_id(0);
    const int ly = get_local_id(1);
    const int col = get_global_id(0);
    const int row = get_global_id(1);
    float acc = 0.0f;
    for (int k0 = 0; k0 < (int)K; k0 += TILE_SIZE) {
        // The flat index of element (ly, lx) of a TILE_SIZE-wide tile.
        as_flat[ly * TILE_SIZE + lx] = (row < (int)M && k0 + lx < (int)K) ? a[row * (int)K + k0 + lx] : 0.0f;
        bs_flat[ly * TILE_SIZE + lx] = (k0 + ly < (int)K && col < (int)N) ? b[(k0 + ly) * (int)N + col] : 0.0f;
        barrier(CLK_LOCAL_MEM_FENCE);
        acc += row_times_column(as_flat + ly * TILE_SIZE, bs_flat, lx);
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (row < (int)M && col < (int)N)
        c[row * N + col] = acc;
}
