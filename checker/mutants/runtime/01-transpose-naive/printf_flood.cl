// Runtime mutant (lab 01): BUG, every work-item prints in a long loop: gigabytes of output.
__kernel void transpose(__global const float* a, __global float* at, uint m, uint k)
{
    const uint col = get_global_id(0);
    const uint row = get_global_id(1);
    for (uint i = 0; i < 100000; ++i)
        printf("work-item %u %u says %u: padding the output with a long line of text\n", row, col, i);
    if (row < m && col < k)
        at[col * m + row] = a[row * k + col];
}
