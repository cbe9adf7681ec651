#include "util/duration_text.hpp"

#include <fmt/format.h>

namespace course {

std::string duration_text(double seconds) {
    if (seconds >= 1.0) return fmt::format("{:.2f} s", seconds);
    if (seconds >= 1e-3) return fmt::format("{:.3f} ms", seconds * 1e3);
    return fmt::format("{:.1f} µs", seconds * 1e6);
}

}  // namespace course
