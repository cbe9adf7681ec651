// Runtime mutant (lab 04): CORRECT, with includes in branches no build takes: `#if 0`, and
// `#ifdef` of a name the file itself has just undefined (no -D can define it back). The grader
// leaves them out of what it compiles (a warning with full points): neither file is read.
#if 0
#include "@SOLUTION@"
#endif
#undef SOME_UNDEFINED_NAME
#ifdef SOME_UNDEFINED_NAME
#include "@CANARY@"
#endif
#ifndef TILE_SIZE
#define TILE_SIZE 16
#endif

__kernel void matmul(__global const float* a, __global const float* b, __global float* c, uint M, uint K, uint N)
{
    __local float a_tile[TILE_SIZE][TILE_SIZE];
    __local float b_tile[TILE_SIZE][TILE_SIZE];
    const uint lx = get_local_id(0);
    const uint ly = get_local_id(1);
    const uint col = get_global_id(0);
    const uint row = get_global_id(1);
    float sum = 0.0f;
    for (uint k0 = 0; k0 < K; k0 += TILE_SIZE) {
        a_tile[ly][lx] = (row < M && k0 + lx < K) ? a[row * K + k0 + lx] : 0.0f;
        b_tile[ly][lx] = (k0 + ly < K && col < N) ? b[(k0 + ly) * N + col] : 0.0f;
        barrier(CLK_LOCAL_MEM_FENCE);
        for (uint kk = 0; kk < TILE_SIZE; ++kk)
            sum += a_tile[ly][kk] * b_tile[kk][lx];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (row < M && col < N)
        c[row * N + col] = sum;
}
