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
    for (uint chain = 0; chain < CHAINS; ++chain) x[chain] = (float)get_global_id(0) * 1e-7f + (float)chain;
    for (uint step = 0; step < steps; ++step) {
        // |scale| < 1 keeps every chain finite however many steps run.
#pragma unroll
        for (uint chain = 0; chain < CHAINS; ++chain) x[chain] = fma(x[chain], scale, shift);
    }
    float sum = 0.0f;
    for (uint chain = 0; chain < CHAINS; ++chain) sum += x[chain];
    out[get_global_id(0)] = sum;
}
// end slide: kernel
