// Style (lab 03): correct, written differently from the solution: pointers
// that walk a row of A and a column of B, and mad().
__kernel void matmul(__global const float* a, __global const float* b, __global float* c, uint M, uint K, uint N)
{
    const size_t col = get_global_id(0);
    const size_t row = get_global_id(1);
    if (row < M && col < N) {
        __global const float* a_row = a + row * K;
        __global const float* b_col = b + col;
        float sum = 0.0f;
        for (uint k = 0; k < K; ++k, b_col += N) {
            sum = mad(a_row[k], *b_col, sum);
        }
        c[row * N + col] = sum;
    }
}
