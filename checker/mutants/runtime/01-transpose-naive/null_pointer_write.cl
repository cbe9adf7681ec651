// Runtime mutant (lab 01): BUG, writes through a null pointer: on PoCL this
// crashes the process that runs the kernel (SIGSEGV).
__kernel void transpose(__global const float* a, __global float* at, uint m, uint k)
{
    const uint i = get_global_id(0);
    const uint j = get_global_id(1);
    __global float* nowhere = 0;
    if (i < k && j < m) {
        nowhere[i * m + j] = a[j * k + i];  // BUG: not at
    }
}
