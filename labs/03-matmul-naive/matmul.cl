// Lab 03: the naive matrix product.
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
    const uint col = get_global_id(0);  // column of C, and of B
    const uint row = get_global_id(1);  // row of C, and of A

    // TODO 1: the NDRange is rounded up to whole work-groups, so for sizes that
    //         are not multiples of TILE_SIZE some work-items fall outside C.
    //         They must not read or write anything.

    // TODO 2: the dot product of row `row` of A and column `col` of B: a sum
    //         over k = 0 .. K-1, in a float that starts at zero.

    // TODO 3: store the sum in element (row, col) of C.
}
