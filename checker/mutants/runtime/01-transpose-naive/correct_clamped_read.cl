// Runtime mutant (lab 01): CORRECT, reads before the bounds check like the bug
// next to it, but through indices clamped into the matrix, so every read is
// inside a; the work-items outside then store nothing.
__kernel void transpose(__global const float* a, __global float* at, uint m, uint k)
{
    const uint i = get_global_id(0);
    const uint j = get_global_id(1);
    const uint row = min(j, m - 1);  // m, k >= 1: the last row and column exist
    const uint col = min(i, k - 1);
    const float value = a[row * k + col];
    if (i < k && j < m)
        at[i * m + j] = value;
}
