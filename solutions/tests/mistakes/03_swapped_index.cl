// Mistake (lab 03): B indexed as if it were stored transposed, b[col][k]
// instead of b[k][col].
__kernel void matmul(__global const float* a, __global const float* b, __global float* c, uint M, uint K, uint N)
{
    const uint col = get_global_id(0);
    const uint row = get_global_id(1);
    if (row < M && col < N) {
        float sum = 0.0f;
        for (uint k = 0; k < K; ++k) {
            sum += a[row * K + k] * b[col * K + k];
        }
        c[row * N + col] = sum;
    }
}
