// Checks that do not depend on what ran before (harness/local_poison.hpp): on PoCL's CPU device,
// every check launch finds its __local memory full of NaN, whatever an earlier kernel left there.
// Also runs the example kernel deck 09 shows (kernels/examples/image_rows.cl).
#include "harness/cl_session.hpp"
#include "harness/fill_patterns.hpp"
#include "harness/float4_image.hpp"
#include "harness/kernel_launch.hpp"
#include "harness/kernel_source.hpp"
#include "harness/local_poison.hpp"

#include <doctest/doctest.h>

#include <filesystem>
#include <vector>

using namespace course;

namespace {

// `dirty` writes 1.0f over a whole __local argument; `peek` copies one never-written __local float
// per work-item out (a __local argument: the compiler cannot know it was never written).
constexpr const char* kLocalKernels = R"CLC(
__kernel void dirty(__local float* pool, uint words)
{
    for (uint i = get_local_id(0); i < words; i += get_local_size(0)) pool[i] = 1.0f;
}
__kernel void peek(__local float* tile, uint stride, __global uint* out)
{
    out[get_global_id(0)] = as_uint(tile[get_local_id(0) * stride]);
}
)CLC";

std::vector<cl_uint> peek_after_dirt(ClSession& session, cl::Program& program) {
    const std::size_t local_bytes = session.device.device.getInfo<CL_DEVICE_LOCAL_MEM_SIZE>();
    cl::Kernel dirty(program, "dirty");
    dirty.setArg(0, cl::Local(local_bytes));
    dirty.setArg(1, static_cast<cl_uint>(local_bytes / sizeof(float)));
    enqueue_kernel(session.queue, dirty, cl::NDRange(64 * 4), cl::NDRange(4), "test");  // many groups, every thread
    session.queue.finish();
    constexpr std::size_t kItems = 16 * 8, kStride = 61;
    cl::Buffer out(session.context, CL_MEM_WRITE_ONLY, kItems * sizeof(cl_uint));
    cl::Kernel peek(program, "peek");
    peek.setArg(0, cl::Local(8 * kStride * sizeof(float)));
    peek.setArg(1, static_cast<cl_uint>(kStride));
    peek.setArg(2, out);
    {
        const PoisonedLocalMemory poisoned;  // as repeated_check.cpp holds one around every check
        enqueue_kernel(session.queue, peek, cl::NDRange(kItems), cl::NDRange(8), "test");
    }
    std::vector<cl_uint> seen(kItems);
    session.queue.enqueueReadBuffer(out, CL_TRUE, 0, kItems * sizeof(cl_uint), seen.data());
    return seen;
}

}  // namespace

TEST_CASE("a check launch on PoCL finds __local memory full of NaN, whatever ran before it") {
    ClSession session = open_session("");
    if (!local_memory_poisoned_on(session.device.device)) {
        MESSAGE("not PoCL's CPU device: its __local memory is not poisoned (harness/local_poison.hpp)");
        return;
    }
    cl::Program program(session.context, kLocalKernels);
    program.build({session.device.device}, "-cl-std=CL1.2");
    for (int round = 0; round < 3; ++round) {  // and again after a launch that read it
        for (const cl_uint bits : peek_after_dirt(session, program)) REQUIRE(bits == kLocalPoisonBits);
    }
    // (Without the scope a work-group reads what the dirty kernel left, when their work-groups shared a
    // PoCL thread: which thread takes which group is PoCL's choice, so that is not asserted here.)
}

TEST_CASE("deck 09's example kernel reads B's texels back into its rows") {
    ClSession session = open_session("");
    if (session.device.device.getInfo<CL_DEVICE_IMAGE_SUPPORT>() != CL_TRUE) return;
    const auto file = std::filesystem::current_path() / "kernels" / "examples" / "image_rows.cl";
    const KernelSource source = read_kernel_source(file, "kernels/examples/image_rows.cl");
    cl::Program program(session.context, source.text);
    program.build({session.device.device}, "-cl-std=CL1.2");
    constexpr std::size_t K = 5, N = 12;
    Matrix b(K, N);
    for (std::size_t i = 0; i < b.size(); ++i) b.values[i] = static_cast<float>(i) * 0.5f - 3.0f;
    const cl::Image2D image = make_float4_image(session.context, session.device.device, b, "test");
    cl::Buffer rows(session.context, CL_MEM_WRITE_ONLY, b.size() * sizeof(float));
    cl::Kernel kernel(program, "image_rows");
    kernel.setArg(0, image);
    kernel.setArg(1, rows);
    kernel.setArg(2, static_cast<cl_uint>(K));
    kernel.setArg(3, static_cast<cl_uint>(N));
    enqueue_kernel(session.queue, kernel, cl::NDRange(4, 8), cl::NDRange(4, 8), "test");  // a ragged edge in y
    std::vector<float> got(b.size());
    session.queue.enqueueReadBuffer(rows, CL_TRUE, 0, got.size() * sizeof(float), got.data());
    CHECK(got == b.values);
}
