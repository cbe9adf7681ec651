// Runtime mutant (lab 01): CORRECT. size_t indices, the bounds test folded into
// a helper function, the read and the write through separate pointers.
inline bool inside(size_t row, size_t column, uint rows, uint columns)
{
    return row < rows && column < columns;
}

__kernel void transpose(__global const float* a, __global float* at, uint m, uint k)
{
    const size_t i = get_global_id(0);
    const size_t j = get_global_id(1);
    if (inside(j, i, m, k)) {
        __global const float* source = a + j * k + i;
        __global float* target = at + i * m + j;
        *target = *source;
    }
}
