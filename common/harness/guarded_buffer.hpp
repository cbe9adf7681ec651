// A device buffer with guard zones on both sides. The kernel sees only the
// middle (an OpenCL sub-buffer); the zones around it are filled with a known
// NaN pattern, so a write outside the buffer is found afterwards instead of
// silently corrupting memory, and a read outside an input shows up as that
// pattern in the result.
//
// Under Oclgrind an input is a buffer of exactly its size instead, with no
// zones: Oclgrind checks every access against the buffer it falls in, so a read
// past an input is reported ("Invalid read", with the line) even when the value
// read is thrown away, which no guard zone can see on a real device.
#pragma once

#include "harness/matrix.hpp"

#include <CL/opencl.hpp>

#include <cstdint>
#include <vector>

namespace course {

enum class BufferRole { input, output };

// Where a kernel wrote outside the buffer it was given.
struct GuardDamage {
    std::size_t elements_before = 0;  // damaged elements in the zone before the buffer
    std::size_t elements_after = 0;   // ... and after it
    std::ptrdiff_t first_index = 0;   // index (relative to the buffer start; negative = before) of the first
    std::ptrdiff_t last_index = 0;    // ... and of the last damaged element
    bool any() const { return elements_before + elements_after > 0; }
};

class GuardedBuffer {
public:
    // `elements` floats visible to the kernel. The zone after the buffer is at
    // least as large as the buffer itself (and at least 64 KiB), so writes of a
    // kernel that runs past its edge land in it. Inputs on Oclgrind have no zones
    // (see above).
    GuardedBuffer(const cl::Context& context, const cl::Device& device, std::size_t elements, BufferRole role);

    // Inputs: the values. Outputs: pass nothing; every element gets the "never written" NaN.
    void upload(const cl::CommandQueue& queue, const std::vector<float>& values = {});

    const cl::Buffer& view() const { return view_; }  // what the kernel is given
    std::size_t elements() const { return elements_; }
    bool has_guard_zones() const { return guard_before_ + guard_after_ > 0; }

    // Reads the buffer back, and the guard zones with it.
    std::vector<float> download(const cl::CommandQueue& queue, GuardDamage* damage = nullptr) const;

private:
    std::size_t elements_;
    std::size_t guard_before_;  // elements
    std::size_t guard_after_;   // elements
    BufferRole role_;
    cl::Buffer whole_;
    cl::Buffer view_;
};

// True when `device` is Oclgrind's simulator, which checks every memory access.
bool is_oclgrind(const cl::Device& device);

// One sentence naming where an out-of-bounds write went, for output `name` of `rows`×`cols`.
std::string describe_guard_damage(const GuardDamage& damage, const std::string& name, std::size_t rows,
                                  std::size_t cols);

}  // namespace course
