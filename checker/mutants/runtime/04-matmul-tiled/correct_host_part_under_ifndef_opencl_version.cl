// Runtime mutant (lab 04): CORRECT, a host/device template: what only the host reads sits under
// `#ifndef __OPENCL_VERSION__`, a macro every OpenCL compiler defines (issue 34). The grader
// leaves the host's include out of what it compiles (a warning with full points); the file's own
// `#define __kernel` for the host is never read by a device compiler either.
#ifndef __OPENCL_VERSION__
#include "@CANARY@"
#define __kernel
#define __global
#define __local
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
