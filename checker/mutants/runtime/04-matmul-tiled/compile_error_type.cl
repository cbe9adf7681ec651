// Runtime mutant (lab 04): BUG, does not compile: a float4 is assigned to a float.
#ifndef TILE_SIZE
#define TILE_SIZE 16
#endif

__kernel void matmul(__global const float* a, __global const float* b, __global float* c, uint M, uint K, uint N)
{
    const uint col = get_global_id(0);
    const uint row = get_global_id(1);
    float sum = (float4)(0.0f);
    for (uint k = 0; k < K; ++k)
        sum += a[row * K + k] * b[k * N + col];
    if (row < M && col < N)
        c[row * N + col] = sum;
}
