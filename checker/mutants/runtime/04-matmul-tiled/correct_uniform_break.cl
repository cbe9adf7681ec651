// Runtime mutant (lab 04): CORRECT. A while loop that leaves with `break` on a
// condition every work-item of the group shares (it depends on K only), with B's
// tile stored transposed and a padded A tile. A break before a barrier is only
// a bug when work-items disagree about it; here they never do.
#ifndef TILE_SIZE
#define TILE_SIZE 16
#endif

__kernel void matmul(__global const float* a, __global const float* b, __global float* c, uint M, uint K, uint N)
{
    __local float a_tile[TILE_SIZE][TILE_SIZE + 1];
    __local float b_tile_t[TILE_SIZE][TILE_SIZE + 1];  // b_tile_t[col][k]
    const int lx = get_local_id(0);
    const int ly = get_local_id(1);
    const int col = get_group_id(0) * TILE_SIZE + lx;
    const int row = get_group_id(1) * TILE_SIZE + ly;
    float sum = 0.0f;
    int k0 = 0;
    while (1) {
        if (k0 >= (int)K)
            break;  // uniform: K and k0 are the same in every work-item
        a_tile[ly][lx] = (row < (int)M && k0 + lx < (int)K) ? a[row * (int)K + k0 + lx] : 0.0f;
        b_tile_t[lx][ly] = (k0 + ly < (int)K && col < (int)N) ? b[(k0 + ly) * (int)N + col] : 0.0f;
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int kk = 0; kk < TILE_SIZE; ++kk)
            sum = mad(a_tile[ly][kk], b_tile_t[lx][kk], sum);
        barrier(CLK_LOCAL_MEM_FENCE);
        k0 += TILE_SIZE;
    }
    if (row < (int)M && col < (int)N)
        c[row * (int)N + col] = sum;
}
