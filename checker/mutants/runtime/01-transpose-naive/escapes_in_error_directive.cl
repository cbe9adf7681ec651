// Runtime mutant (lab 01): BUG, an #error whose text holds terminal control sequences (placeholders
// the suite turns into ESC, BEL and a C1 CSI): the compiler repeats the text in its own message
// (PoCL's clang writes them as <U+001B>), and labcheck quotes the student's line after it.
#error @ESC@]0;graded 10/10@BEL@@ESC@[2J@ESC@[3J@C1CSI@H every stage passed
__kernel void transpose(__global const float* a, __global float* at, uint m, uint k)
{
    const uint i = get_global_id(0);
    const uint j = get_global_id(1);
    if (i < k && j < m) at[i * m + j] = a[j * k + i];
}
