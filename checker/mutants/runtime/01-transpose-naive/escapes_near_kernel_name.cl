// Runtime mutant (lab 01): BUG, the kernel is called transpose_naive, with terminal control
// sequences around the name (placeholders the suite turns into ESC and BEL). An identifier cannot
// hold a control character (clang refuses it), so the "missing kernel" message names only what the
// compiler built; the sequences in the file must not reach any report raw.
__kernel void /* @ESC@]0;owned@BEL@@ESC@[2J */ transpose_naive /* @ESC@[8m hidden */ (
    __global const float* a, __global float* at, uint m, uint k)
{
    const uint i = get_global_id(0);
    const uint j = get_global_id(1);
    if (i < k && j < m) at[i * m + j] = a[j * k + i];
}
