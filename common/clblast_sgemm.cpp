#include "clblast_sgemm.hpp"

#include "matrix.hpp"
#include "timing.hpp"

#ifdef COURSE_HAVE_CLBLAST
#include <clblast.h>
#endif

namespace course {

#ifdef COURSE_HAVE_CLBLAST

bool clblast_available() { return true; }

std::optional<double> clblast_sgemm_seconds(ClSession& session, const ProblemSize& size, std::string* why) {
    const Matrix a = random_matrix(size.m, size.k, 1);
    const Matrix b = random_matrix(size.k, size.n, 2);
    cl::Buffer a_buffer(session.context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, a.size() * sizeof(float),
                        const_cast<float*>(a.values.data()));
    cl::Buffer b_buffer(session.context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, b.size() * sizeof(float),
                        const_cast<float*>(b.values.data()));
    cl::Buffer c_buffer(session.context, CL_MEM_READ_WRITE, size.m * size.n * sizeof(float));
    clblast::StatusCode status = clblast::StatusCode::kSuccess;
    const Launch gemm = [&] {
        cl_command_queue queue = session.queue();
        cl_event event = nullptr;
        status = clblast::Gemm(clblast::Layout::kRowMajor, clblast::Transpose::kNo, clblast::Transpose::kNo, size.m,
                               size.n, size.k, 1.0f, a_buffer(), 0, size.k, b_buffer(), 0, size.n, 0.0f, c_buffer(), 0,
                               size.n, &queue, &event);
        if (status != clblast::StatusCode::kSuccess || event == nullptr) {
            // Hand back a finished marker so the timing loop can go on; the status is checked below.
            cl::Event marker;
            session.queue.enqueueMarkerWithWaitList(nullptr, &marker);
            return LaunchEvents{marker, marker};
        }
        const cl::Event wrapped(event);  // takes over CLBlast's reference
        return LaunchEvents{wrapped, wrapped};
    };
    const Timing timing = time_launch(session.queue, gemm);
    if (status != clblast::StatusCode::kSuccess) {
        if (why != nullptr) *why = "CLBlast returned status " + std::to_string(static_cast<int>(status));
        return std::nullopt;
    }
    return timing.median_seconds;
}

#else

bool clblast_available() { return false; }

std::optional<double> clblast_sgemm_seconds(ClSession&, const ProblemSize&, std::string* why) {
    if (why != nullptr) *why = "this build has no CLBlast (install libclblast-dev and re-run meson setup)";
    return std::nullopt;
}

#endif

}  // namespace course
