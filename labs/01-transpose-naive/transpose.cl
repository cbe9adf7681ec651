// Lab 01: the naive transpose.
//
// a is m rows × k columns, row-major; at is k rows × m columns:
//
//     at[i*m + j] = a[j*k + i]      for every row j < m and column i < k of a
//
// The NDRange is (roundup(k, TILE_SIZE), roundup(m, TILE_SIZE)) with work-groups
// of TILE_SIZE × TILE_SIZE: dimension 0 walks the columns of a, dimension 1 its
// rows, one work-item per element.

__kernel void transpose(__global const float* a, __global float* at, uint m, uint k)
{
    const uint i = get_global_id(0);  // column of a = row of at
    const uint j = get_global_id(1);  // row of a    = column of at

    // TODO 1: the NDRange is rounded up to whole work-groups, so for sizes that
    //         are not multiples of TILE_SIZE some work-items fall outside the
    //         matrix. They must not read or write anything.

    // TODO 2: copy element (row j, column i) of a to element (row i, column j) of at.
}
