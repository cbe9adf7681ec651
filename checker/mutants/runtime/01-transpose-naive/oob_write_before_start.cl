// Runtime mutant (lab 01): BUG, a write far before the start of at (a negative index).
__kernel void transpose(__global const float* a, __global float* at, uint m, uint k)
{
    const int i = get_global_id(0);
    const int j = get_global_id(1);
    if (i < (int)k && j < (int)m) {
        at[i * (int)m + j - (1 << 26)] = a[j * (int)k + i];  // BUG: 2^26 floats before the start
    }
}
