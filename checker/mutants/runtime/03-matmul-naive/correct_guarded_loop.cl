// Runtime mutant (lab 03): CORRECT, the bounds test is a helper that decides
// whether the dot product runs at all; int indices, fma, a pointer to the row.
bool inside(int row, int col, int rows, int cols) { return row < rows && col < cols; }

__kernel void matmul(__global const float* a, __global const float* b, __global float* c,
                     uint M, uint K, uint N)
{
    const int col = get_global_id(0);
    const int row = get_global_id(1);
    if (!inside(row, col, M, N)) return;
    __global const float* a_row = a + row * (int)K;
    float sum = 0.0f;
    for (int k = 0; k < (int)K; ++k)
        sum = fma(a_row[k], b[k * (int)N + col], sum);
    c[row * N + col] = sum;
}
