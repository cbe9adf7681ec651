// Cheat (lab 04): the solution under #ifdef __IMAGE_SUPPORT__, a macro OpenCL compilers define by
// themselves (PoCL, NVIDIA and Oclgrind do): a branch that may be taken, so refused, not left out.
#ifdef __IMAGE_SUPPORT__
#include "@SOLUTION@"
#else
__kernel void matmul(__global const float* a, __global const float* b, __global float* c, uint M, uint K, uint N)
{
}
#endif
