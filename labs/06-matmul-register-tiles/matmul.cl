// Lab 06: register micro-tiles.
//
// C (M × N) = A (M × K) · B (K × N), row-major. The host pads M to TILE_M, N to
// TILE_N and K to TILE_K, so the kernel sees only whole tiles.
//
// Two levels of tiling:
//   - a work-group computes a TILE_M × TILE_N macro tile of C, walking K in
//     steps of TILE_K with the current slices of A and B staged in local memory;
//   - a work-item computes a WPT_M × WPT_N micro tile of C held in registers:
//     per k it loads WPT_M values of A and WPT_N values of B into registers and
//     does WPT_M · WPT_N multiply-adds with them.
// Local size (TILE_N / WPT_N, TILE_M / WPT_M); global (N / WPT_N, M / WPT_M).
// All traffic is in float4s: WPT_M, WPT_N and TILE_K are multiples of 4, and
// each slice is a whole number of float4s per work-item.
//
// Batched launches (lab 07) add a third NDRange dimension: work-group z
// multiplies the z-th of several equally sized products stored one after another.

#ifndef TILE_M
#define TILE_M 64
#endif
#ifndef TILE_N
#define TILE_N 64
#endif
#ifndef TILE_K
#define TILE_K 16
#endif
#ifndef WPT_M
#define WPT_M 4
#endif
#ifndef WPT_N
#define WPT_N 4
#endif

#define THREADS_N (TILE_N / WPT_N)                     // work-items along a row of the macro tile
#define THREADS_M (TILE_M / WPT_M)                     // ... and down a column
#define THREADS (THREADS_N * THREADS_M)
#define A_LOADS (TILE_M * TILE_K / 4 / THREADS)        // float4s of the A slice each work-item loads
#define B_LOADS (TILE_K * TILE_N / 4 / THREADS)        // ... and of the B slice

#if WPT_M % 4 != 0 || WPT_N % 4 != 0 || TILE_K % 4 != 0
#error "WPT_M, WPT_N and TILE_K must be multiples of 4 (the kernel moves float4s)"
#endif
#if (TILE_M * TILE_K / 4) % THREADS != 0 || (TILE_K * TILE_N / 4) % THREADS != 0
#error "each slice of A (TILE_M x TILE_K) and of B (TILE_K x TILE_N) must be a whole number of float4s per work-item"
#endif

__kernel __attribute__((reqd_work_group_size(THREADS_N, THREADS_M, 1)))
void matmul(__global const float* a, __global const float* b, __global float* c, uint M, uint K, uint N)
{
    // TODO: the whole lab (README).
}
