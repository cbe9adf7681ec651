// The device, context and profiling queue one command works with.
#pragma once

#include "harness/device_choice.hpp"

#include <CL/opencl.hpp>

#include <string>

namespace course {

struct ClSession {
    DeviceInfo device;
    cl::Context context;
    cl::CommandQueue queue;  // in order, profiling enabled
};

// Opens the device `requested` names (see choose_device).
ClSession open_session(const std::string& requested);

}  // namespace course
