// Runtime mutant (lab 01): BUG, does not compile (line 8: a missing semicolon), and that line's
// comment holds terminal control sequences (written as the placeholders runtime_mutants.toml names,
// which the suite turns into the bytes): a window title (OSC 0), clear screen and cursor home (CSI
// 2J, H), an OSC 8 hyperlink and a C1 CSI (U+009B in UTF-8). The compiler's error quotes line 8: every sequence must reach the
// terminal, results.json and the gradebook written out, never raw.
__kernel void transpose(__global const float* a, __global float* at, uint m, uint k)
{
    const uint i = get_global_id(0)  // @ESC@]0;owned@BEL@@ESC@[2J@ESC@[H@ESC@]8;;https://example.invalid/@ESC@\click here@ESC@]8;;@ESC@\ @C1CSI@2J
    const uint j = get_global_id(1);
    if (i < k && j < m) at[i * m + j] = a[j * k + i];
}
