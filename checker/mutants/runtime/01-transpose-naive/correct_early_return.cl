// Runtime mutant (lab 01): CORRECT. Work-items outside the matrix return at the
// top. Lab 01 has no barrier, so an early return is harmless here.
__kernel void transpose(__global const float* a, __global float* at, uint m, uint k)
{
    const uint column = get_global_id(0);
    const uint row = get_global_id(1);
    if (column >= k || row >= m)
        return;
    at[column * m + row] = a[row * k + column];
}
