// Runtime mutant (lab 01): BUG, at is declared __global int* instead of __global float*.
__kernel void transpose(__global const float* a, __global int* at, uint m, uint k)
{
    const uint i = get_global_id(0);
    const uint j = get_global_id(1);
    if (i < k && j < m) at[i * m + j] = as_int(a[j * k + i]);
}
