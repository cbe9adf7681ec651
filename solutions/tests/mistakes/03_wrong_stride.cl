// Mistake (lab 03): A's row length taken as N instead of K. Right only when
// K == N; must be reported wrong at a rectangular size.
__kernel void matmul(__global const float* a, __global const float* b, __global float* c, uint M, uint K, uint N)
{
    const uint col = get_global_id(0);
    const uint row = get_global_id(1);
    if (row < M && col < N) {
        float sum = 0.0f;
        for (uint k = 0; k < K; ++k) {
            sum += a[row * N + k] * b[k * N + col];
        }
        c[row * N + col] = sum;
    }
}
