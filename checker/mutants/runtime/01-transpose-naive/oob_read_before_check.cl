// Runtime mutant (lab 01): BUG (README question 5), every work-item reads its
// element of a before the bounds check, so the work-items of the rounded-up
// NDRange read past the end of a. The value is thrown away, so the result is
// right; only a tool that checks every read (Oclgrind) sees it.
__kernel void transpose(__global const float* a, __global float* at, uint m, uint k)
{
    const uint i = get_global_id(0);  // column of a
    const uint j = get_global_id(1);  // row of a
    const float value = a[j * k + i];  // BUG: read before the check below
    if (i < k && j < m)
        at[i * m + j] = value;
}
