// How a matrix gets from the host to the device and back, in one of two modes,
// and one product timed end to end (inputs in, kernel, result out) in either.
//
//   copy       today's way: a device buffer, filled with clEnqueueWriteBuffer
//              and read back with clEnqueueReadBuffer (a copy each way; over
//              PCIe on a discrete GPU);
//   zero_copy  a buffer the runtime allocates where host and device both reach
//              it (CL_MEM_ALLOC_HOST_PTR), filled and read through
//              clEnqueueMapBuffer / clEnqueueUnmapMemObject: on a device whose
//              memory is the host's (a CPU, an integrated or mobile GPU) the map
//              is a pointer and nothing is copied.
#pragma once

#include "harness/matrix.hpp"

#include <CL/opencl.hpp>

#include <functional>
#include <string>
#include <vector>

namespace course {

enum class HostMemory { copy, zero_copy };

// "copy" or "zero-copy". Throws UserError on anything else.
HostMemory parse_host_memory(const std::string& text);
std::string host_memory_name(HostMemory mode);

// A buffer of `floats` floats the host fills and reads in `mode`.
class HostLinkedBuffer {
public:
    HostLinkedBuffer(const cl::Context& context, HostMemory mode, std::size_t floats);
    // Both block: the values are on the device (in host memory) when they return.
    void write(const cl::CommandQueue& queue, const std::vector<float>& values) const;
    void read(const cl::CommandQueue& queue, std::vector<float>& values) const;
    const cl::Buffer& buffer() const { return buffer_; }

private:
    HostMemory mode_;
    std::size_t bytes_;
    cl::Buffer buffer_;
};

// A read-only CL_RGBA / CL_FLOAT image of a rows × cols matrix (cols a multiple of 4; see
// float4_image.hpp) the host fills in `mode`: clEnqueueWriteImage, or CL_MEM_ALLOC_HOST_PTR
// and clEnqueueMapImage. Throws UserError (naming `where`) when the device cannot hold it.
class HostLinkedImage {
public:
    HostLinkedImage(const cl::Context& context, const cl::Device& device, HostMemory mode, std::size_t rows,
                    std::size_t cols, const std::string& where);
    void write(const cl::CommandQueue& queue, const Matrix& m) const;  // blocking
    const cl::Image2D& image() const { return image_; }

private:
    HostMemory mode_;
    std::size_t width_, height_;  // texels
    cl::Image2D image_;
};

// The three steps of one product, each finished when it returns (launch: enqueued).
struct EndToEndSteps {
    std::function<void()> inputs_in;
    std::function<cl::Event()> launch;
    std::function<void()> result_out;
};

struct EndToEndTiming {
    HostMemory mode = HostMemory::copy;
    double end_to_end_seconds = 0.0;  // median wall-clock time of inputs in + kernel + result out
    double kernel_seconds = 0.0;      // median of the kernel's profiling events in the same runs
    int repetitions = 0;
    std::string wrong;  // why the result read back was wrong; empty when right
};

// One warm-up, then `repetitions` timed runs of the three steps.
EndToEndTiming time_end_to_end(const EndToEndSteps& steps, HostMemory mode, int repetitions = 5);

}  // namespace course
