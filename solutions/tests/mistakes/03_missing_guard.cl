// Mistake (lab 03): no edge guard. The NDRange is rounded up to whole
// work-groups, so work-items past the last row or column read outside A and B
// and write outside C. Must be reported wrong at a size that is not a multiple
// of TILE_SIZE, naming where it wrote.
__kernel void matmul(__global const float* a, __global const float* b, __global float* c, uint M, uint K, uint N)
{
    const uint col = get_global_id(0);
    const uint row = get_global_id(1);
    float sum = 0.0f;
    for (uint k = 0; k < K; ++k) {
        sum += a[row * K + k] * b[k * N + col];
    }
    c[row * N + col] = sum;
}
