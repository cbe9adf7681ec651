// FMA peak: the device's arithmetic ceiling for float, the line the
// matrix-multiply labs are measured against. Every work-item runs eight
// independent float4 chains of multiply-adds (32 FMAs per step, 64 flops), so
// the hardware can overlap them; nothing is read from memory, and the result is
// written so the compiler cannot drop the work.

__kernel void fma_peak(__global float* out, float scale, float shift, uint steps)
{
    const float start = (float)get_global_id(0) * 1e-7f;
    float4 x0 = (float4)(start, start + 0.1f, start + 0.2f, start + 0.3f);
    float4 x1 = x0 + 1.0f, x2 = x0 + 2.0f, x3 = x0 + 3.0f;
    float4 x4 = x0 + 4.0f, x5 = x0 + 5.0f, x6 = x0 + 6.0f, x7 = x0 + 7.0f;
    for (uint i = 0; i < steps; ++i) {
        // |scale| < 1 keeps every chain finite however many steps run.
        x0 = fma(x0, scale, shift);
        x1 = fma(x1, scale, shift);
        x2 = fma(x2, scale, shift);
        x3 = fma(x3, scale, shift);
        x4 = fma(x4, scale, shift);
        x5 = fma(x5, scale, shift);
        x6 = fma(x6, scale, shift);
        x7 = fma(x7, scale, shift);
    }
    const float4 sum = ((x0 + x1) + (x2 + x3)) + ((x4 + x5) + (x6 + x7));
    out[get_global_id(0)] = sum.x + sum.y + sum.z + sum.w;
}
