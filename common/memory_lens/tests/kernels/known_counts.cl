// full clone only: tile_padded reads a padded local tile down a column, as lab 02's answer does.
// Kernels whose memory counts are known by hand (plugin_counts.py runs each under Oclgrind
// with the memory-lens plugin). A line's marker comment (@name) is how the test finds it.

kernel void coalesced(global const float* in, global float* out) {
    const size_t i = get_global_id(0);
    out[i] = in[i];  // @copy
}

kernel void stride8(global const float* in, global float* out) {
    const size_t i = get_global_id(0);
    out[i] = in[i * 8];  // @copy
}

kernel void stride33(global const float* in, global float* out) {
    const size_t i = get_global_id(0);
    out[i] = in[i * 33];  // @copy
}

kernel void broadcast(global const float* in, global float* out) {
    const size_t i = get_global_id(0);
    out[i] = in[5];  // @copy
}

kernel void float4_copy(global const float4* in, global float4* out) {
    const size_t i = get_global_id(0);
    out[i] = in[i];  // @copy
}

kernel void vload4_copy(global const float* in, global float* out) {
    const size_t i = get_global_id(0);
    vstore4(vload4(i, in), i, out);  // @copy
}

kernel void skip_odd(global const float* in, global float* out) {
    const size_t i = get_global_id(0);
    if (i % 2 == 0) {
        out[i] = in[i];  // @copy
    }
}

kernel void tile_unpadded(global const float* in, global float* out) {
    local float tile[32][32];
    const size_t lx = get_local_id(0), ly = get_local_id(1);
    tile[ly][lx] = in[get_global_id(1) * 32 + lx];  // @fill
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(1) * 32 + lx] = tile[lx][ly];  // @read
}

kernel void tile_padded(global const float* in, global float* out) {
    local float tile[32][33];
    const size_t lx = get_local_id(0), ly = get_local_id(1);
    tile[ly][lx] = in[get_global_id(1) * 32 + lx];  // @fill
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(1) * 32 + lx] = tile[lx][ly];  // @read
}

kernel void loop_twice(global const float* in, global float* out) {
    const size_t i = get_global_id(0);
    float sum = 0.0f;
    for (int k = 0; k < 2; ++k) {
        sum += in[k * 64 + i];  // @sum
    }
    out[i] = sum;
}
