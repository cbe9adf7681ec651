// Cheat (lab 04): the solution under #ifdef __OPENCL_VERSION__, a macro every OpenCL compiler
// defines: the branch every build takes (the near miss of correct_host_part_under_ifndef_opencl_version.cl).
#ifdef __OPENCL_VERSION__
#include "@SOLUTION@"
#else
__kernel void matmul(__global const float* a, __global const float* b, __global float* c, uint M, uint K, uint N)
{
}
#endif
