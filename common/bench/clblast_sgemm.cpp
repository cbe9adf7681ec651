#include "bench/clblast_sgemm.hpp"

#include "harness/matrix.hpp"
#include "harness/timing.hpp"

#ifdef COURSE_HAVE_CLBLAST
#include <clblast.h>
#endif

#include <chrono>
#include <vector>

namespace course {

#ifdef COURSE_HAVE_CLBLAST

bool clblast_available() {
    return true;
}

std::optional<double> clblast_sgemm_seconds(ClSession& session, const ProblemSize& size, std::string* why) {
    const Matrix a = random_matrix(size.m, size.k, 1);
    const Matrix b = random_matrix(size.k, size.n, 2);
    cl::Buffer a_buffer(session.context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, a.size() * sizeof(float),
                        const_cast<float*>(a.values.data()));
    cl::Buffer b_buffer(session.context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, b.size() * sizeof(float),
                        const_cast<float*>(b.values.data()));
    cl::Buffer c_buffer(session.context, CL_MEM_READ_WRITE, size.m * size.n * sizeof(float));
    // CLBlast may run several kernels for one call (copies, padding, the GEMM) and
    // hands back the event of the last one only, so it is timed on the host clock
    // from the call to the queue's finish: median of repeated calls after a warm-up.
    cl_command_queue queue = session.queue();
    const auto call = [&] {
        return clblast::Gemm(clblast::Layout::kRowMajor, clblast::Transpose::kNo, clblast::Transpose::kNo, size.m,
                             size.n, size.k, 1.0f, a_buffer(), 0, size.k, b_buffer(), 0, size.n, 0.0f, c_buffer(), 0,
                             size.n, &queue, nullptr);
    };
    const clblast::StatusCode status = call();
    session.queue.finish();
    if (status != clblast::StatusCode::kSuccess) {
        if (why != nullptr) *why = "CLBlast returned status " + std::to_string(static_cast<int>(status));
        return std::nullopt;
    }
    std::vector<double> seconds;
    double total = 0.0;
    while (seconds.size() < 5 || (total < 0.25 && seconds.size() < 50)) {
        const auto start = std::chrono::steady_clock::now();
        call();
        session.queue.finish();
        seconds.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
        total += seconds.back();
    }
    const double timing_median = median(seconds);
    return timing_median;
}

#else

bool clblast_available() {
    return false;
}

std::optional<double> clblast_sgemm_seconds(ClSession&, const ProblemSize&, std::string* why) {
    if (why != nullptr) *why = "this build has no CLBlast (install libclblast-dev and re-run meson setup)";
    return std::nullopt;
}

#endif

}  // namespace course
