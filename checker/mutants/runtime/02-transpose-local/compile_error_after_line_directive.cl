#line 100
// Runtime mutant (lab 02): COMPILE ERROR at line 12, after a `#line 100` that would have made
// the compiler call it line 110. The grader leaves `#line 100` out (a number alone), so the
// error names line 12 of this file.
__kernel void transpose(__global const float* a, __global float* at, uint m, uint k)
{
    const uint col = get_global_id(0);
    const uint row = get_global_id(1);
    if (row < m && col < k)
        at[col * m + row] = a[row * k + col];
}
float misspelled() { return tile_size; }  // BUG: no such name
