// Lab 08 solution: B read through the texture path.
//
// C (M × N) = A (M × K) · B (K × N), row-major. A and C are buffers; B is a
// read-only RGBA / FLOAT image of N/4 × K texels: texel (x, y) holds
// b[y][4x .. 4x+3], so one read_imagef brings four neighbouring columns of a
// row of B through the texture cache. The host pads M to TILE_M, N to TILE_N
// (a multiple of 4) and K to TILE_K (a multiple of 4), so the kernel sees only
// whole micro tiles and whole texels.
//
// Each work-item computes a WPT_M × WPT_N micro tile of C in registers: WPT_M
// rows by WPT_N / 4 float4 columns. Per step of four k it reads four rows of B
// (WPT_N / 4 texels each) and one float4 of every one of its rows of A, and does
// 4 · WPT_M · WPT_N multiply-adds with them. There is no local memory and no
// barrier: the work-items of a work-group that read the same texels share them
// through the texture cache instead.
// Local size (TILE_N / WPT_N, TILE_M / WPT_M); global (N / WPT_N, M / WPT_M).

#ifndef TILE_M
#define TILE_M 32
#endif
#ifndef TILE_N
#define TILE_N 64
#endif
#ifndef TILE_K
#define TILE_K 4
#endif
#ifndef WPT_M
#define WPT_M 4
#endif
#ifndef WPT_N
#define WPT_N 8
#endif

#if WPT_N % 4 != 0 || TILE_K % 4 != 0
#error "WPT_N and TILE_K must be multiples of 4 (a texel of B holds four columns; A is read in float4s along k)"
#endif

// Integer texel coordinates (not 0..1), the texel they name (no blending), and
// outside the image a zero texel instead of a read out of bounds.
__constant sampler_t b_sampler =
    CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP | CLK_FILTER_NEAREST;

__kernel __attribute__((reqd_work_group_size(TILE_N / WPT_N, TILE_M / WPT_M, 1)))
void matmul(__global const float* a, __read_only image2d_t b, __global float* c, uint M, uint K, uint N)
{
    // The first row and column of this work-item's micro tile, and the texel
    // column of B that holds its first four columns.
    const uint row = get_global_id(1) * WPT_M;
    const uint col = get_global_id(0) * WPT_N;
    const uint texel_col = col / 4;

    float4 acc[WPT_M][WPT_N / 4];
    for (uint i = 0; i < WPT_M; ++i)
        for (uint j = 0; j < WPT_N / 4; ++j)
            acc[i][j] = (float4)(0.0f);

    for (uint k = 0; k < K; k += 4) {
            // Rows k .. k+3 of B across the micro tile: texel (texel_col + j, k + r)
        // holds b[k + r][col + 4j .. col + 4j + 3].
        float4 b_rows[4][WPT_N / 4];
        for (uint r = 0; r < 4; ++r)
            for (uint j = 0; j < WPT_N / 4; ++j)
                b_rows[r][j] = read_imagef(b, b_sampler, (int2)(texel_col + j, k + r));
    
            // a[row + i][k .. k+3] as one float4; each of its four values scales one row of B.
        for (uint i = 0; i < WPT_M; ++i) {
            const float4 a_k = vload4(0, a + (size_t)(row + i) * K + k);
            for (uint j = 0; j < WPT_N / 4; ++j) {
                acc[i][j] = fma((float4)(a_k.x), b_rows[0][j], acc[i][j]);
                acc[i][j] = fma((float4)(a_k.y), b_rows[1][j], acc[i][j]);
                acc[i][j] = fma((float4)(a_k.z), b_rows[2][j], acc[i][j]);
                acc[i][j] = fma((float4)(a_k.w), b_rows[3][j], acc[i][j]);
            }
        }
        }

    for (uint i = 0; i < WPT_M; ++i)
        for (uint j = 0; j < WPT_N / 4; ++j)
            vstore4(acc[i][j], 0, c + (size_t)(row + i) * N + col + 4 * j);
}
