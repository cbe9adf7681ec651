// Cheat (lab 04): the solution in the #else of an IDE-only #ifdef: the branch every build takes.
#ifdef __CLION_IDE__
__kernel void matmul(__global const float* a, __global const float* b, __global float* c, uint M, uint K, uint N)
{
}
#else
#include "@SOLUTION@"
#endif
