// Lab 01: the naive transpose.
//
// a is m rows × k columns, row-major; at is k rows × m columns:
//
//     at[col*m + row] = a[row*k + col]      for every row < m and col < k of a
//
// The NDRange is (roundup(k, TILE_SIZE), roundup(m, TILE_SIZE)) with work-groups
// of TILE_SIZE × TILE_SIZE: dimension 0 walks the columns of a, dimension 1 its
// rows, one work-item per element.

__kernel void transpose(__global const float* a, __global float* at, uint m, uint k)
{
    const uint col = get_global_id(0);  // column of a = row of at
    const uint row = get_global_id(1);  // row of a    = column of at

    // TODO 1: the NDRange is rounded up to whole work-groups, so for sizes that
    //         are not multiples of TILE_SIZE some work-items fall outside the
    //         matrix. They must not read or write anything.

    // TODO 2: copy element (row, col) of a to element (col, row) of at.
}
