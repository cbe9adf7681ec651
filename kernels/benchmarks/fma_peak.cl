// FMA peak: the device's arithmetic ceiling for float, the line the
// matrix-multiply labs are measured against. Every work-item runs CHAINS
// independent chains of multiply-adds, so the hardware can overlap them (a GPU
// interleaves them in its pipeline; a CPU device such as PoCL turns neighbouring
// work-items into SIMD lanes). Nothing is read from memory, and the result is
// written so the compiler cannot drop the work: 2 flops per chain step.
//
// The loop's own counter, comparison and branch are instructions too, issued by
// the same schedulers as the FMAs: with 16 FMAs per iteration they cost about
// one issue slot in six (the kernel reached 84% of an H100's and an H200's
// datasheet peak that way). So each iteration runs STEPS_PER_ROUND steps of
// every chain, unrolled: 128 FMAs for 2 or 3 loop instructions. `steps` must be
// a multiple of STEPS_PER_ROUND (the host's is).

#ifndef CHAINS
#define CHAINS 16
#endif
#ifndef STEPS_PER_ROUND
#define STEPS_PER_ROUND 8
#endif

// slide: kernel
__kernel void fma_peak(__global float* out, float scale, float shift, uint steps)
{
    float x[CHAINS];
    for (uint c = 0; c < CHAINS; ++c) x[c] = (float)get_global_id(0) * 1e-7f + (float)c;
    for (uint i = 0; i < steps; i += STEPS_PER_ROUND) {
        // |scale| < 1 keeps every chain finite however many steps run.
#pragma unroll
        for (uint s = 0; s < STEPS_PER_ROUND; ++s) {
#pragma unroll
            for (uint c = 0; c < CHAINS; ++c) x[c] = fma(x[c], scale, shift);
        }
    }
    float sum = 0.0f;
    for (uint c = 0; c < CHAINS; ++c) sum += x[c];
    out[get_global_id(0)] = sum;
}
// end slide: kernel
