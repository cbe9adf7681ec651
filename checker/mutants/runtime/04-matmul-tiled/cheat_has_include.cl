// Cheat (lab 04): asks the preprocessor whether a file of the grading machine exists.
#if __has_include("@CANARY@")
#define FOUND 1
#endif
__kernel void matmul(__global const float* a, __global const float* b, __global float* c, uint M, uint K, uint N)
{
}
