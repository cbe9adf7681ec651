// Runtime mutant (lab 01): BUG, the parameters differ from the contract (k is missing;
// the kernel reads the row length from m, so it is only right for square matrices).
__kernel void transpose(__global const float* a, __global float* at, uint m)
{
    const uint i = get_global_id(0);
    const uint j = get_global_id(1);
    if (i < m && j < m) at[i * m + j] = a[j * m + i];
}
