// Cheat (lab 04): #line names the canary file, so that every message would call this file by it.
#line 1 "@CANARY@"
__kernel void matmul(__global const float* a, __global const float* b, __global float* c, uint M, uint K, uint N)
{
}
