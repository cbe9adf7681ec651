// How every command prints a measured time: "12.3 µs", "0.412 ms", "1.20 s".
#pragma once

#include <string>

namespace course {

std::string duration_text(double seconds);

}  // namespace course
