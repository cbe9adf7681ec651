// Correct, the float4 extension in another style: vload4/vstore4 (no 16-byte alignment needed, so
// every whole tile takes the vector path, whatever m and k), a 1-D padded tile written one float at
// a time, int indices, and a barrier inside each branch of a condition that is the same for the
// whole work-group.
#ifndef TILE_SIZE
#define TILE_SIZE 16
#endif
#ifndef ROWS_PER_ITEM
#define ROWS_PER_ITEM 1
#endif
#ifndef VECTOR_MOVES
#define VECTOR_MOVES 0
#endif
#define PITCH (TILE_SIZE + 1)
#define ITEMS (TILE_SIZE * (TILE_SIZE / ROWS_PER_ITEM))

int group_whole(int m, int k, int row0, int col0)
{
#if VECTOR_MOVES && TILE_SIZE % 4 == 0
    return row0 + TILE_SIZE <= m && col0 + TILE_SIZE <= k;
#else
    return 0;
#endif
}

__kernel void transpose(__global const float* a, __global float* at, uint m, uint k)
{
    __local float tile[TILE_SIZE * PITCH];
    const int id = (int)(get_local_id(1) * TILE_SIZE + get_local_id(0));
    const int row0 = (int)get_group_id(1) * TILE_SIZE;
    const int col0 = (int)get_group_id(0) * TILE_SIZE;
    const int quads = TILE_SIZE / 4;

    if (group_whole((int)m, (int)k, row0, col0)) {
        for (int v = id; v < TILE_SIZE * quads; v += ITEMS) {
            const int r = v / quads, c = (v % quads) * 4;
            const float4 x = vload4(0, a + (row0 + r) * (int)k + col0 + c);
            tile[(c + 0) * PITCH + r] = x.x;
            tile[(c + 1) * PITCH + r] = x.y;
            tile[(c + 2) * PITCH + r] = x.z;
            tile[(c + 3) * PITCH + r] = x.w;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int v = id; v < TILE_SIZE * quads; v += ITEMS) {
            const int r = v / quads, c = (v % quads) * 4;
            const int base = r * PITCH + c;
            vstore4((float4)(tile[base], tile[base + 1], tile[base + 2], tile[base + 3]), 0,
                    at + (col0 + r) * (int)m + row0 + c);
        }
    } else {
        for (int e = id; e < TILE_SIZE * TILE_SIZE; e += ITEMS) {
            const int r = e / TILE_SIZE, c = e % TILE_SIZE;
            if (row0 + r < (int)m && col0 + c < (int)k) tile[c * PITCH + r] = a[(row0 + r) * (int)k + col0 + c];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int e = id; e < TILE_SIZE * TILE_SIZE; e += ITEMS) {
            const int r = e / TILE_SIZE, c = e % TILE_SIZE;
            if (col0 + r < (int)k && row0 + c < (int)m) at[(col0 + r) * (int)m + row0 + c] = tile[r * PITCH + c];
        }
    }
}
