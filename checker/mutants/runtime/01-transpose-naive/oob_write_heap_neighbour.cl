// Runtime mutant (lab 01): BUG, writes land 4 MiB past the end of at: past the
// guard zone of small outputs, into whatever the OpenCL runtime allocated next
// (on PoCL, the host heap). The write goes unseen by the guard zones at some
// sizes; the process may crash later, or go on with a corrupted heap.
__kernel void transpose(__global const float* a, __global float* at, uint m, uint k)
{
    const uint i = get_global_id(0);
    const uint j = get_global_id(1);
    if (i < k && j < m) {
        at[i * m + j] = a[j * k + i];
        at[i * m + j + m * k + (1u << 20)] = -1.0f;  // BUG: 2^20 floats past the end
    }
}
