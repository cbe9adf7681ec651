#include "harness/guarded_buffer.hpp"

#include "harness/fill_patterns.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace course {

namespace {

constexpr std::size_t kMinGuardBytes = 64 * 1024;

std::size_t alignment_elements(const cl::Device& device) {
    const auto bits = device.getInfo<CL_DEVICE_MEM_BASE_ADDR_ALIGN>();  // a sub-buffer must start on this
    return std::max<std::size_t>(1, bits / 8 / sizeof(float));
}

}  // namespace

bool is_oclgrind(const cl::Device& device) {
    const cl::Platform platform(device.getInfo<CL_DEVICE_PLATFORM>());
    return platform.getInfo<CL_PLATFORM_NAME>().find("Oclgrind") != std::string::npos;
}

GuardedBuffer::GuardedBuffer(const cl::Context& context, const cl::Device& device, std::size_t elements,
                             BufferRole role)
    : elements_(elements), role_(role) {
    if (role == BufferRole::input && is_oclgrind(device)) {
        // Exactly the input, so that Oclgrind reports any read past it.
        guard_before_ = guard_after_ = 0;
        whole_ = cl::Buffer(context, CL_MEM_READ_ONLY, std::max<std::size_t>(elements, 1) * sizeof(float));
        view_ = whole_;
        return;
    }
    const std::size_t align = alignment_elements(device);
    const std::size_t min_guard = kMinGuardBytes / sizeof(float);
    guard_before_ = round_up(std::max<std::size_t>(min_guard / 4, align), align);
    guard_after_ = round_up(std::max(min_guard, elements), align);
    const std::size_t total = guard_before_ + round_up(std::max<std::size_t>(elements, 1), align) + guard_after_;
    whole_ = cl::Buffer(context, CL_MEM_READ_WRITE, total * sizeof(float));
    cl_buffer_region region{guard_before_ * sizeof(float), std::max<std::size_t>(elements, 1) * sizeof(float)};
    view_ = whole_.createSubBuffer(role == BufferRole::input ? CL_MEM_READ_ONLY : CL_MEM_READ_WRITE,
                                   CL_BUFFER_CREATE_TYPE_REGION, &region);
}

void GuardedBuffer::upload(const cl::CommandQueue& queue, const std::vector<float>& values) {
    const std::uint32_t guard_bits = role_ == BufferRole::input ? kInputGuardBits : kOutputGuardBits;
    const std::size_t total = whole_.getInfo<CL_MEM_SIZE>() / sizeof(float);
    std::vector<float> contents(total, float_from_bits(guard_bits));
    if (role_ == BufferRole::output || values.empty()) {
        std::fill_n(contents.begin() + static_cast<std::ptrdiff_t>(guard_before_), elements_,
                    float_from_bits(kUnwrittenBits));
    } else {
        std::copy_n(values.begin(), std::min(values.size(), elements_),
                    contents.begin() + static_cast<std::ptrdiff_t>(guard_before_));
    }
    queue.enqueueWriteBuffer(whole_, CL_TRUE, 0, total * sizeof(float), contents.data());
}

std::vector<float> GuardedBuffer::download(const cl::CommandQueue& queue, GuardDamage* damage) const {
    const std::size_t total = whole_.getInfo<CL_MEM_SIZE>() / sizeof(float);
    std::vector<float> contents(total);
    queue.enqueueReadBuffer(whole_, CL_TRUE, 0, total * sizeof(float), contents.data());
    if (damage != nullptr) {
        *damage = GuardDamage{};
        const std::uint32_t guard_bits = role_ == BufferRole::input ? kInputGuardBits : kOutputGuardBits;
        const auto start = static_cast<std::ptrdiff_t>(guard_before_);
        const auto end = static_cast<std::ptrdiff_t>(guard_before_ + elements_);
        bool seen = false;
        for (std::ptrdiff_t i = 0; i < static_cast<std::ptrdiff_t>(total); ++i) {
            if (i >= start && i < end) continue;
            // The padding between the buffer's end and the aligned start of the after-zone
            // also holds the guard pattern, so it counts as "after" too.
            if (float_bits(contents[static_cast<std::size_t>(i)]) == guard_bits) continue;
            (i < start ? damage->elements_before : damage->elements_after)++;
            if (!seen) damage->first_index = i - start;
            damage->last_index = i - start;
            seen = true;
        }
    }
    return {contents.begin() + static_cast<std::ptrdiff_t>(guard_before_),
            contents.begin() + static_cast<std::ptrdiff_t>(guard_before_ + elements_)};
}

std::string describe_guard_damage(const GuardDamage& damage, const std::string& name, std::size_t rows,
                                  std::size_t cols) {
    if (!damage.any()) return {};
    const std::size_t size = rows * cols;
    std::string where;
    if (damage.elements_after > 0 && damage.elements_before > 0) {
        where = fmt::format("{} elements before its start and {} past its end", damage.elements_before,
                            damage.elements_after);
    } else if (damage.elements_after > 0) {
        where = fmt::format("{} elements past its end (from {}[{}] to {}[{}]; the last valid index is {})",
                            damage.elements_after, name, damage.first_index, name, damage.last_index, size - 1);
    } else {
        where = fmt::format("{} elements before its start (from {}[{}] to {}[{}])", damage.elements_before, name,
                            damage.first_index, name, damage.last_index);
    }
    const std::string shape = fmt::format("{}×{}", rows, cols);
    return fmt::format(
        "out-of-bounds write: the kernel wrote {} of {} ({} = {} floats). Work-items outside the "
        "matrix must not store: guard the store with the row and column bounds. If it is guarded, look "
        "for a `return` or `break` before a barrier: a work-group whose work-items do not all reach a "
        "barrier is undefined, and PoCL may then run a store that the guard should have skipped.",
        where, name, shape, size);
}

}  // namespace course
