// An example for deck 09 (the texture path), not a lab's kernel: B, a read-only RGBA / FLOAT image
// of N/4 × K texels, read back into a row-major K × N buffer, one texel (four floats) per work-item.
// Texel (x, k) holds b[k][4x .. 4x+3], as in lab 08. Lab 08's stub declares the same sampler and
// stores its results with the same vstore4; `meson test 'harness units'` runs this file.

// slide: sampler
// Integer texel coordinates (not 0..1), the texel they name (no blending), and
// outside the image a zero texel instead of a read out of bounds.
__constant sampler_t b_sampler =
    CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP | CLK_FILTER_NEAREST;
// end slide: sampler

__kernel void image_rows(__read_only image2d_t b, __global float* rows, uint K, uint N)
{
    const uint x = get_global_id(0);  // the texel column: floats 4x .. 4x+3 of a row
    const uint k = get_global_id(1);  // the row
    if (x >= N / 4 || k >= K) return;

    // slide: texel
    // x counts texels, not floats: texel (x, k) is b[k][4x .. 4x+3].
    const float4 texel = read_imagef(b, b_sampler, (int2)(x, k));
    vstore4(texel, 0, rows + (size_t)k * N + 4 * x);
    // end slide: texel
}
