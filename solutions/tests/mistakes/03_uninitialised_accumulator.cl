// Mistake (lab 03): the sum is accumulated straight into C, which holds
// whatever was there before the launch (the harness fills it with NaN): the
// accumulator was never set to zero.
__kernel void matmul(__global const float* a, __global const float* b, __global float* c, uint M, uint K, uint N)
{
    const uint col = get_global_id(0);
    const uint row = get_global_id(1);
    if (row < M && col < N) {
        for (uint k = 0; k < K; ++k) {
            c[row * N + col] += a[row * K + k] * b[k * N + col];
        }
    }
}
