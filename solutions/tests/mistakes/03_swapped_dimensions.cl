// Mistake (lab 03): dimension 0 taken as the row. With the lab's NDRange
// (dimension 0 spans the columns) some elements are never computed when
// M and N differ.
__kernel void matmul(__global const float* a, __global const float* b, __global float* c, uint M, uint K, uint N)
{
    const uint row = get_global_id(0);
    const uint col = get_global_id(1);
    if (row < M && col < N) {
        float sum = 0.0f;
        for (uint k = 0; k < K; ++k) {
            sum += a[row * K + k] * b[k * N + col];
        }
        c[row * N + col] = sum;
    }
}
