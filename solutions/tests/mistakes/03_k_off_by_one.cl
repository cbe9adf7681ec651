// Mistake (lab 03): the K-loop stops one term early (k < K - 1).
__kernel void matmul(__global const float* a, __global const float* b, __global float* c, uint M, uint K, uint N)
{
    const uint col = get_global_id(0);
    const uint row = get_global_id(1);
    if (row < M && col < N) {
        float sum = 0.0f;
        for (uint k = 0; k + 1 < K; ++k) {
            sum += a[row * K + k] * b[k * N + col];
        }
        c[row * N + col] = sum;
    }
}
