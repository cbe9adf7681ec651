// Mutant "correct_triple_buffer_barrier_at_bottom" (lab 04): correct, no bug.
// Three pairs of tiles used in turn (cur = t % 3, nxt = (cur + 1) % 3), one barrier per step, at
// the bottom of the step: step t fills pair nxt for the next step and multiplies pair cur. The
// pair read in step t is filled again in step t + 2, after the barriers of steps t and t + 1.
#ifndef TILE_SIZE
#define TILE_SIZE 16
#endif

__kernel void matmul(__global const float* a, __global const float* b, __global float* c,
                     uint M, uint K, uint N)
{
    __local float As[3][TILE_SIZE][TILE_SIZE + 1];
    __local float Bs[3][TILE_SIZE][TILE_SIZE + 1];
    const int lx = get_local_id(0), ly = get_local_id(1);
    const int row = get_global_id(1), col = get_global_id(0);
    const int steps = ((int)K + TILE_SIZE - 1) / TILE_SIZE;

    As[0][ly][lx] = (row < (int)M && lx < (int)K) ? a[row * (int)K + lx] : 0.0f;
    Bs[0][ly][lx] = (ly < (int)K && col < (int)N) ? b[ly * (int)N + col] : 0.0f;
    barrier(CLK_LOCAL_MEM_FENCE);

    float sum = 0.0f;
    for (int t = 0; t < steps; t += 1) {
        const int cur = t % 3;
        const int nxt = (cur + 1) % 3;
        const int k0 = (t + 1) * TILE_SIZE;
        As[nxt][ly][lx] = (row < (int)M && k0 + lx < (int)K) ? a[row * (int)K + k0 + lx] : 0.0f;
        Bs[nxt][ly][lx] = (k0 + ly < (int)K && col < (int)N) ? b[(k0 + ly) * (int)N + col] : 0.0f;
        for (int k = 0; k < TILE_SIZE; ++k)
            sum = fma(As[cur][ly][k], Bs[cur][k][lx], sum);
        barrier(CLK_LOCAL_MEM_FENCE);  // the one barrier of the step
    }
    if (row < (int)M && col < (int)N)
        c[row * (int)N + col] = sum;
}
