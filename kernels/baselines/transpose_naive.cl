// Speedup baseline for the transpose labs: one work-item per element, reads
// along rows of a (coalesced), writes down columns of at (strided).
// Contract and geometry as in lab 01.

__kernel void transpose(__global const float* a, __global float* at, uint m, uint k)
{
    const uint col = get_global_id(0);
    const uint row = get_global_id(1);
    if (col < k && row < m) at[col * m + row] = a[row * k + col];
}
