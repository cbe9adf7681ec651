// Bit patterns the harness writes around and into device buffers, so a
// comparison can tell "never written", "written out of bounds" and "read
// outside an input" apart from an ordinary wrong value. All are NaNs: any
// arithmetic on them shows up as NaN in the result.
#pragma once

#include <cstdint>
#include <cstring>

namespace course {

// Output elements before the kernel runs: still this afterwards = never written.
constexpr std::uint32_t kUnwrittenBits = 0x7FC0DEADu;
// The guard zones around an output buffer: any other value there = out-of-bounds write.
constexpr std::uint32_t kOutputGuardBits = 0x7FC0FEEDu;
// The guard zones around an input buffer: this value in an output = read outside the input.
constexpr std::uint32_t kInputGuardBits = 0x7FC0BAD0u;
// Every 4 bytes of __local memory when a checked kernel starts (harness/local_poison.hpp): this
// value in an output = read from __local memory no work-item of the work-group wrote.
constexpr std::uint32_t kLocalPoisonBits = 0x7FC010CAu;

inline std::uint32_t float_bits(float value) {
    std::uint32_t bits = 0;
    std::memcpy(&bits, &value, sizeof bits);
    return bits;
}

inline float float_from_bits(std::uint32_t bits) {
    float value = 0.0f;
    std::memcpy(&value, &bits, sizeof value);
    return value;
}

}  // namespace course
