// Lab 03 solution: the naive matrix product.
//
// C (M × N) = A (M × K) · B (K × N), all row-major:
//
//     c[row*N + col] = sum over k < K of a[row*K + k] * b[k*N + col]
//
// The NDRange is (roundup(N, TILE_SIZE), roundup(M, TILE_SIZE)) with work-groups
// of TILE_SIZE × TILE_SIZE: dimension 0 walks the columns of C, dimension 1 its
// rows, one work-item per element of C.

__kernel void matmul(__global const float* a, __global const float* b, __global float* c, uint M, uint K, uint N)
{
    // slide: body
    const uint col = get_global_id(0);  // column of C, and of B
    const uint row = get_global_id(1);  // row of C, and of A

    // Work-items of the rounded-up NDRange that fall outside C do nothing.
    // (No barrier follows, so they may simply skip the rest.)
    if (row < M && col < N) {
        // Every multiply-add reads two floats from global memory: a[row][k],
        // the same for all work-items of a row of the work-group, and b[k][col],
        // consecutive floats for consecutive work-items (coalesced).
        float sum = 0.0f;
        for (uint k = 0; k < K; ++k) {
            sum += a[row * K + k] * b[k * N + col];
        }
        c[row * N + col] = sum;
    }
    // end slide: body
}
