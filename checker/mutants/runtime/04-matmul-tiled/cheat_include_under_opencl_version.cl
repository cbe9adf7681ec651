// Cheat (lab 04): the solution under #if __OPENCL_VERSION__ >= 120, a value only the compiler knows.
#if __OPENCL_VERSION__ >= 120
#include "@SOLUTION@"
#else
__kernel void matmul(__global const float* a, __global const float* b, __global float* c, uint M, uint K, uint N)
{
}
#endif
