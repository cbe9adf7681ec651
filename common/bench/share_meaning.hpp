// When a share of a limit says nothing. On a CPU device (PoCL) the OpenCL cores are the host's,
// shared with everything else that runs: copies measured here moved 1.2–26 GB/s from run to run,
// and PoCL's FMA kernel reached 58 GFLOP/s where OpenBLAS on the same cores reached 184. A share
// there is read only within one run, and not at all where the noise is larger than the distance
// to the limit or the figure is above it.
#pragma once

#include "harness/device_choice.hpp"

#include <string>

namespace course {

// Why the share `rate / limit` is not meaningful on this device, or empty when it is. `spread` and
// `limit_spread` are relative (timing_spread.hpp's relative_spread; 0 when not known).
std::string share_not_meaningful(DeviceClass device_class, double rate, double limit, double spread,
                                 double limit_spread);

// The sentence a CPU's table ends with: a share compares figures of one run only.
std::string cpu_share_caveat();

}  // namespace course
