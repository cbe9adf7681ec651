#include "harness/host_memory.hpp"

#include "harness/float4_image.hpp"
#include "harness/timing.hpp"
#include "util/user_error.hpp"

#include <fmt/format.h>

#include <array>
#include <chrono>
#include <cstring>

namespace course {

HostMemory parse_host_memory(const std::string& text) {
    if (text == "copy") return HostMemory::copy;
    if (text == "zero-copy") return HostMemory::zero_copy;
    throw UserError({"--host-memory copy or zero-copy", fmt::format("--host-memory {}", text), "the command line",
                     "copy: write and read buffers; zero-copy: CL_MEM_ALLOC_HOST_PTR buffers, mapped"});
}

std::string host_memory_name(HostMemory mode) { return mode == HostMemory::copy ? "copy" : "zero-copy"; }

namespace {

cl_mem_flags host_flags(HostMemory mode) { return mode == HostMemory::zero_copy ? CL_MEM_ALLOC_HOST_PTR : 0; }

}  // namespace

HostLinkedBuffer::HostLinkedBuffer(const cl::Context& context, HostMemory mode, std::size_t floats)
    : mode_(mode),
      bytes_(floats * sizeof(float)),
      buffer_(context, CL_MEM_READ_WRITE | host_flags(mode), floats * sizeof(float)) {}

void HostLinkedBuffer::write(const cl::CommandQueue& queue, const std::vector<float>& values) const {
    if (mode_ == HostMemory::copy) {
        queue.enqueueWriteBuffer(buffer_, CL_TRUE, 0, bytes_, values.data());
        return;
    }
    void* mapped = queue.enqueueMapBuffer(buffer_, CL_TRUE, CL_MAP_WRITE_INVALIDATE_REGION, 0, bytes_);
    std::memcpy(mapped, values.data(), bytes_);
    cl::Event unmapped;
    queue.enqueueUnmapMemObject(buffer_, mapped, nullptr, &unmapped);
    unmapped.wait();
}

void HostLinkedBuffer::read(const cl::CommandQueue& queue, std::vector<float>& values) const {
    values.resize(bytes_ / sizeof(float));
    if (mode_ == HostMemory::copy) {
        queue.enqueueReadBuffer(buffer_, CL_TRUE, 0, bytes_, values.data());
        return;
    }
    const void* mapped = queue.enqueueMapBuffer(buffer_, CL_TRUE, CL_MAP_READ, 0, bytes_);
    std::memcpy(values.data(), mapped, bytes_);
    cl::Event unmapped;
    queue.enqueueUnmapMemObject(buffer_, const_cast<void*>(mapped), nullptr, &unmapped);
    unmapped.wait();
}

HostLinkedImage::HostLinkedImage(const cl::Context& context, const cl::Device& device, HostMemory mode,
                                 std::size_t rows, std::size_t cols, const std::string& where)
    : mode_(mode), width_(cols / 4), height_(rows) {
    if (const std::string why = float4_image_rejection(context, device, width_, height_); !why.empty()) {
        throw UserError({fmt::format("a device that can hold a {} × {} matrix as an RGBA float image", rows, cols),
                         why, where, "run at a smaller size, or on a device with image support (`lab devices`)"});
    }
    image_ = cl::Image2D(context, CL_MEM_READ_ONLY | host_flags(mode), cl::ImageFormat(CL_RGBA, CL_FLOAT), width_,
                         height_);
}

void HostLinkedImage::write(const cl::CommandQueue& queue, const Matrix& m) const {
    const std::array<cl::size_type, 3> origin{0, 0, 0};
    const std::array<cl::size_type, 3> region{width_, height_, 1};
    const std::size_t row_bytes = width_ * 4 * sizeof(float);
    if (mode_ == HostMemory::copy) {
        queue.enqueueWriteImage(image_, CL_TRUE, origin, region, row_bytes, 0, m.values.data());
        return;
    }
    cl::size_type row_pitch = 0;
    auto* mapped = static_cast<unsigned char*>(queue.enqueueMapImage(
        image_, CL_TRUE, CL_MAP_WRITE_INVALIDATE_REGION, origin, region, &row_pitch, nullptr));
    for (std::size_t y = 0; y < height_; ++y) {
        std::memcpy(mapped + y * row_pitch, m.values.data() + y * width_ * 4, row_bytes);
    }
    cl::Event unmapped;
    queue.enqueueUnmapMemObject(image_, mapped, nullptr, &unmapped);
    unmapped.wait();
}

EndToEndTiming time_end_to_end(const EndToEndSteps& steps, HostMemory mode, int repetitions) {
    using clock = std::chrono::steady_clock;
    std::vector<double> totals, kernels;
    for (int run = 0; run <= repetitions; ++run) {  // run 0 is the warm-up
        const auto start = clock::now();
        steps.inputs_in();
        const cl::Event event = steps.launch();
        event.wait();
        steps.result_out();
        const std::chrono::duration<double> total = clock::now() - start;
        if (run == 0) continue;
        totals.push_back(total.count());
        kernels.push_back(elapsed_seconds({event, event}));
    }
    EndToEndTiming timing;
    timing.mode = mode;
    timing.end_to_end_seconds = median(totals);
    timing.kernel_seconds = median(kernels);
    timing.repetitions = repetitions;
    return timing;
}

}  // namespace course
