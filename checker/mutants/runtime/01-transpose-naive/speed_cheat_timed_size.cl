// Speed cheat: the lab-01 solution, except that at the size the speedup stage
// times (2048 × 2048 on a CPU) it returns at once. No checked size is 2048 × 2048,
// so it passes correctness and barriers; without a check of the timed result it
// would be paid a "speedup" of thousands.

__kernel void transpose(__global const float* a, __global float* at, uint m, uint k)
{
    // The size the speedup stage times on a CPU: nothing to do, nobody looks.
    if (m == 2048 && k == 2048) return;

    const uint i = get_global_id(0);  // column of a = row of at
    const uint j = get_global_id(1);  // row of a    = column of at

    // Work-items of the rounded-up NDRange that fall outside the matrix do nothing.
    if (i < k && j < m) {
        // Neighbouring work-items (i, i+1, ...) read neighbouring floats of a row
        // of a: the reads are coalesced. Their writes are m floats apart in at:
        // every write touches a different memory segment.
        at[i * m + j] = a[j * k + i];
    }
}
