// Lab 08: B read through the texture path (see README.md).
//
// C (M × N) = A (M × K) · B (K × N), row-major. A and C are buffers; B is a
// read-only RGBA / FLOAT image of N/4 × K texels: texel (x, y) holds
// b[y][4x .. 4x+3]. The host pads M to TILE_M, N to TILE_N and K to TILE_K
// (multiples of 4), so every micro tile and every texel is whole.
//
// Each work-item computes a WPT_M × WPT_N micro tile of C (WPT_M rows by
// WPT_N / 4 float4 columns) from read_imagef and float4 reads of A.
// Local size (TILE_N / WPT_N, TILE_M / WPT_M); global (N / WPT_N, M / WPT_M).
//
// As given, the kernel runs and writes zeros: `lab run 08` reports it wrong
// until the TODOs are done.

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

// Integer texel coordinates, the nearest texel, a zero texel outside the image (README, step 2).
__constant sampler_t b_sampler =
    CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP | CLK_FILTER_NEAREST;

__kernel __attribute__((reqd_work_group_size(TILE_N / WPT_N, TILE_M / WPT_M, 1)))
void matmul(__global const float* a, __read_only image2d_t b, __global float* c, uint M, uint K, uint N)
{
    // The first row and column of this work-item's micro tile.
    const uint row = get_global_id(1) * WPT_M;
    const uint col = get_global_id(0) * WPT_N;
    // TODO (step 1): the texel column of B that holds columns col .. col+3.

    float4 acc[WPT_M][WPT_N / 4];
    for (uint i = 0; i < WPT_M; ++i)
        for (uint j = 0; j < WPT_N / 4; ++j)
            acc[i][j] = (float4)(0.0f);

    for (uint k = 0; k < K; k += 4) {
        // TODO (step 2): read rows k .. k+3 of B across the micro tile, WPT_N / 4 texels
        // per row, with read_imagef(b, b_sampler, (int2)(x, y)).

        // TODO (step 3): for every row i of the micro tile, read a[row + i][k .. k+3] as one
        // float4 (vload4) and add its four products with the rows of B into acc[i][j] (fma).
    }

    // The micro tile into C: float4 j of row i is columns col + 4j .. col + 4j + 3.
    for (uint i = 0; i < WPT_M; ++i)
        for (uint j = 0; j < WPT_N / 4; ++j)
            vstore4(acc[i][j], 0, c + (size_t)(row + i) * N + col + 4 * j);
}
