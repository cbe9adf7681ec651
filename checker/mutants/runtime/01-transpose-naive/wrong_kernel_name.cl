// Runtime mutant (lab 01): BUG, the kernel is not called transpose.
__kernel void transpose_naive(__global const float* a, __global float* at, uint m, uint k)
{
    const uint i = get_global_id(0);
    const uint j = get_global_id(1);
    if (i < k && j < m) at[i * m + j] = a[j * k + i];
}
