// Runtime mutant (lab 01): BUG, never finishes on a tall matrix (more rows than columns): right at
// 1x1, 37x50 and 17x33, then a hang at 50x37. The sizes after the hang were never run: the report
// says they were not run, and does not call them wrong.
__kernel void transpose(__global const float* a, __global float* at, uint m, uint k)
{
    const uint col = get_global_id(0);
    const uint row = get_global_id(1);
    volatile __global float* out = at;
    // BUG: the counter advances only while it is below k, so where m > k it never reaches m.
    // (The volatile store keeps the compiler from removing the loop.)
    for (uint step = 0; step < m; step += (step < k) ? 1u : 0u) {
        if (col < k && row < m) out[col * m + row] = a[row * k + col];
    }
}
