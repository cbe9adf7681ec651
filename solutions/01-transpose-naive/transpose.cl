// Lab 01 solution: the naive transpose.
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
    // slide: guarded-copy
    const uint col = get_global_id(0);  // column of a = row of at
    const uint row = get_global_id(1);  // row of a    = column of at

    // Work-items of the rounded-up NDRange that fall outside the matrix do nothing.
    if (col < k && row < m) {
        // Neighbouring work-items (col, col+1, ...) read neighbouring floats of a row
        // of a: the reads are coalesced. Their writes are m floats apart in at:
        // every write touches a different memory segment.
        at[col * m + row] = a[row * k + col];
    }
    // end slide: guarded-copy
}
