// Runtime mutant (lab 03): BUG, a is read four floats at a time with vload4, and the last
// vload4 of a row does not stop at its end: when K is not a multiple of 4 it reads past the
// row, and in the last row past the end of a. The floats past K are never used (each product
// is guarded), so C is right; Oclgrind names the read, and the array: `a`, not `vload4`.
__kernel void matmul(__global const float* a, __global const float* b, __global float* c,
                     uint M, uint K, uint N)
{
    const uint col = get_global_id(0);
    const uint row = get_global_id(1);
    if (row >= M || col >= N)
        return;
    float sum = 0.0f;
    for (uint k = 0; k < K; k += 4) {
        const float4 four = vload4(0, a + row * K + k);  // BUG: reads past the row when k + 3 >= K
        sum += four.x * b[k * N + col];
        if (k + 1 < K) sum += four.y * b[(k + 1) * N + col];
        if (k + 2 < K) sum += four.z * b[(k + 2) * N + col];
        if (k + 3 < K) sum += four.w * b[(k + 3) * N + col];
    }
    c[row * N + col] = sum;
}
