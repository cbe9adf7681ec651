// What a rate is measured in: bytes moved (a transpose, a copy) or
// floating-point operations done (a product, the FMA peak), per second.
#pragma once

#include <optional>
#include <string>

namespace course {

enum class RateUnit { gigabytes_per_second, gigaflops_per_second };

// "GB/s" or "GFLOP/s", as tables and the bench JSON write it.
inline const char* rate_unit_text(RateUnit unit) {
    return unit == RateUnit::gigabytes_per_second ? "GB/s" : "GFLOP/s";
}

// The unit rate_unit_text wrote; nothing for any other text.
inline std::optional<RateUnit> rate_unit_from_text(const std::string& text) {
    for (const RateUnit u : {RateUnit::gigabytes_per_second, RateUnit::gigaflops_per_second}) {
        if (text == rate_unit_text(u)) return u;
    }
    return std::nullopt;
}

}  // namespace course
