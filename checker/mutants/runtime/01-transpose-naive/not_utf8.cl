// Runtime mutant (lab 01): BUG, the file is not UTF-8: this comment was saved as Latin-1 (café).
__kernel void transpose(__global const float* a, __global float* at, uint m, uint k)
{
    const uint i = get_global_id(0);
    const uint j = get_global_id(1);
    if (i < k && j < m) at[i * m + j] = a[j * k + i];
}
