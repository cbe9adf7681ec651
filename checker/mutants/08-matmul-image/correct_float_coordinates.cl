// Lab 08 mutant, correct: written differently from the solution. Texels are named by float
// coordinates at their centres (x + 0.5, y + 0.5), which CLK_FILTER_NEAREST maps to the same
// texel; the loop runs over the micro tile's float4 columns outside and k inside, one texel
// row at a time, with int indices and no vload4.

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

__constant sampler_t nearest = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP | CLK_FILTER_NEAREST;

__kernel void matmul(__global const float* a, __read_only image2d_t b, __global float* c, uint M, uint K, uint N)
{
    const int first_row = get_global_id(1) * WPT_M;
    const int first_texel = get_global_id(0) * (WPT_N / 4);
    for (int j = 0; j < WPT_N / 4; ++j) {
        float4 sums[WPT_M];
        for (int i = 0; i < WPT_M; ++i) sums[i] = (float4)(0.0f);
        for (int k = 0; k < (int)K; ++k) {
            const float4 texel = read_imagef(b, nearest, (float2)(first_texel + j + 0.5f, k + 0.5f));
            for (int i = 0; i < WPT_M; ++i) sums[i] += a[(first_row + i) * (int)K + k] * texel;
        }
        for (int i = 0; i < WPT_M; ++i) {
            __global float* out = c + (first_row + i) * (int)N + 4 * (first_texel + j);
            out[0] = sums[i].x;
            out[1] = sums[i].y;
            out[2] = sums[i].z;
            out[3] = sums[i].w;
        }
    }
}
