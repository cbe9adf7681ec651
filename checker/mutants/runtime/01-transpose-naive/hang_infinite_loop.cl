// Runtime mutant (lab 01): BUG, never finishes: the loop's counter is never
// advanced. The volatile store keeps the compiler from removing the loop.
__kernel void transpose(__global const float* a, __global float* at, uint m, uint k)
{
    const uint i = get_global_id(0);
    const uint j = get_global_id(1);
    volatile __global float* out = at;
    for (uint step = 0; step < k; step += 0) {  // BUG: step never grows
        if (i < k && j < m) out[i * m + j] = a[j * k + i];
    }
}
