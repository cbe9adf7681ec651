// Cheat (lab 04): the canary file included inside an expression, under #if 1.
__kernel void matmul(__global const float* a, __global const float* b, __global float* c, uint M, uint K, uint N)
{
#if 1
    float x = (1 ?
#include "@CANARY@"
    );
#endif
    c[0] = x;
}
