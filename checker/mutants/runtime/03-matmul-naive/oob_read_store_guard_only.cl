// Runtime mutant (lab 03): BUG, only the store is guarded: the work-items of the
// rounded-up NDRange outside C still run the dot product, reading rows of a past
// its end and columns of b past its last row. Their sums are never stored, so C
// is right; Oclgrind names the reads.
__kernel void matmul(__global const float* a, __global const float* b, __global float* c,
                     uint M, uint K, uint N)
{
    const uint col = get_global_id(0);
    const uint row = get_global_id(1);
    float sum = 0.0f;
    for (uint k = 0; k < K; ++k)
        sum += a[row * K + k] * b[k * N + col];  // BUG: row may be >= M, col >= N
    if (row < M && col < N)
        c[row * N + col] = sum;
}
