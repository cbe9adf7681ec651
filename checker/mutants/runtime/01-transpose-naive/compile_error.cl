// Runtime mutant (lab 01): BUG, does not compile: a missing semicolon.
__kernel void transpose(__global const float* a, __global float* at, uint m, uint k)
{
    const uint i = get_global_id(0);
    const uint j = get_global_id(1)
    if (i < k && j < m) at[i * m + j] = a[j * k + i];
}
