// Runtime mutant (lab 01): BUG, an out-of-bounds write 2^28 floats (1 GiB) past
// the end of at, far outside the harness's guard zones. In the grader's own
// process this could corrupt the heap or crash it; labcheck runs every kernel in
// a child process, so only this test fails.
__kernel void transpose(__global const float* a, __global float* at, uint m, uint k)
{
    const uint i = get_global_id(0);
    const uint j = get_global_id(1);
    if (i < k && j < m) {
        at[(size_t)i * m + j + ((size_t)1 << 28)] = a[j * k + i];  // BUG: far past the end
    }
}
