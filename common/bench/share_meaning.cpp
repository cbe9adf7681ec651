#include "bench/share_meaning.hpp"

#include <fmt/format.h>

#include <cmath>

namespace course {

std::string share_not_meaningful(DeviceClass device_class, double rate, double limit, double spread,
                                 double limit_spread) {
    if (device_class != DeviceClass::cpu || limit <= 0.0 || rate <= 0.0) return {};
    const double share = rate / limit;
    if (share > 1.0) {
        return fmt::format("share not meaningful on a CPU: {:.0f}% is above the limit, which measured low in this run",
                           100.0 * share);
    }
    const double noise = spread + limit_spread;
    if (std::abs(1.0 - share) <= noise) {
        return fmt::format(
            "share not meaningful on a CPU: the spreads (±{:.0f}% together) are larger than the distance to the "
            "limit ({:.0f}%)",
            100.0 * noise, 100.0 * std::abs(1.0 - share));
    }
    return {};
}

std::string cpu_share_caveat() {
    return "on a CPU device the cores are the host's and shared: limits moved by a factor of up to 20 between runs "
           "(copies 1.2-26 GB/s), so a share compares figures of this run only";
}

}  // namespace course
