#include "harness/cl_session.hpp"

namespace course {

ClSession open_session(const std::string& requested) {
    ClSession session;
    session.device = choose_device(requested);
    session.context = cl::Context(session.device.device);
    session.queue = cl::CommandQueue(session.context, session.device.device, CL_QUEUE_PROFILING_ENABLE);
    return session;
}

}  // namespace course
