#ifdef __CLION_IDE__
#include <libgpu/opencl/cl/clion_defines.cl>
#endif

#line 6

// Runtime mutant (lab 02): CORRECT, written from a course template whose kernels start with
// the header above: CLion's helper header for the IDE alone (no OpenCL compiler defines
// __CLION_IDE__), and a #line. The grader leaves both out of what it compiles (a warning with
// full points); the emptied #ifdef changes no line, so the static analysis still vouches for it.
#ifndef TILE_SIZE
#define TILE_SIZE 16
#endif

__kernel void transpose(__global const float* a, __global float* at, uint m, uint k)
{
    __local float tile[TILE_SIZE][TILE_SIZE + 1];
    const uint lx = get_local_id(0);
    const uint ly = get_local_id(1);
    const uint col = get_group_id(0) * TILE_SIZE + lx;
    const uint row = get_group_id(1) * TILE_SIZE + ly;
    if (row < m && col < k)
        tile[ly][lx] = a[row * k + col];
    barrier(CLK_LOCAL_MEM_FENCE);
    const uint out_row = get_group_id(0) * TILE_SIZE + ly;
    const uint out_col = get_group_id(1) * TILE_SIZE + lx;
    if (out_row < k && out_col < m)
        at[out_row * m + out_col] = tile[lx][ly];
}
