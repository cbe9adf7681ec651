// Copy bandwidth: every work-item moves one float4 (16 bytes). A transpose
// reads and writes each element once, as a copy does, so this is its ceiling.
__kernel void copy_float4(__global const float4* source, __global float4* target)
{
    const size_t i = get_global_id(0);
    target[i] = source[i];
}
