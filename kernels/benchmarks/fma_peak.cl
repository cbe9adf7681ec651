// FMA peak: the device's arithmetic ceiling for float, the line the
// matrix-multiply labs are measured against. Every work-item runs sixteen
// independent chains of multiply-adds, so the hardware can overlap them (a GPU
// interleaves them in its pipeline; a CPU device such as PoCL turns neighbouring
// work-items into SIMD lanes). Nothing is read from memory, and the result is
// written so the compiler cannot drop the work: 32 flops per chain step.

#define CHAINS 16

// slide: kernel
__kernel void fma_peak(__global float* out, float scale, float shift, uint steps)
{
    float x[CHAINS];
    for (uint c = 0; c < CHAINS; ++c) x[c] = (float)get_global_id(0) * 1e-7f + (float)c;
    for (uint i = 0; i < steps; ++i) {
        // |scale| < 1 keeps every chain finite however many steps run.
#pragma unroll
        for (uint c = 0; c < CHAINS; ++c) x[c] = fma(x[c], scale, shift);
    }
    float sum = 0.0f;
    for (uint c = 0; c < CHAINS; ++c) sum += x[c];
    out[get_global_id(0)] = sum;
}
// end slide: kernel
