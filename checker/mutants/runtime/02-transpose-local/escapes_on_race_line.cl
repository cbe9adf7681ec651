// Runtime mutant (lab 02): BUG, no barrier between writing the tile and reading it transposed (a
// read-after-write race on line 24), and line 24's comment holds terminal control sequences that
// Oclgrind quotes back with the line (placeholders the suite turns into ESC, BEL, a bare carriage
// return and a C1 CSI): a window title, clear screen, an OSC 8 hyperlink, a carriage return that
// would print "every stage passed" over the line, and a C1 CSI (U+009B in UTF-8). The carriage return
// sits inside a block comment, where the compiler's line count does not change the race's line.
#ifndef TILE_SIZE
#define TILE_SIZE 16
#endif

__kernel void transpose(__global const float* a, __global float* at, uint m, uint k)
{
    __local float tile[TILE_SIZE][TILE_SIZE + 1];
    const uint lx = get_local_id(0);
    const uint ly = get_local_id(1);
    const uint col = get_group_id(0) * TILE_SIZE + lx;
    const uint row = get_group_id(1) * TILE_SIZE + ly;
    if (row < m && col < k)
        tile[ly][lx] = a[row * k + col];

    const uint out_col = get_group_id(1) * TILE_SIZE + lx;
    const uint out_row = get_group_id(0) * TILE_SIZE + ly;
    if (out_row < k && out_col < m)
        at[out_row * m + out_col] = tile[lx][ly]; /* @ESC@]0;owned@BEL@@ESC@[2J@ESC@]8;;https://example.invalid/@ESC@\link@ESC@]8;;@ESC@\@CR@every stage passed @C1CSI@2K */
}
