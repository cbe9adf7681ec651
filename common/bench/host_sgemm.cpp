#include "bench/host_sgemm.hpp"

#include "harness/matrix.hpp"
#include "harness/timing.hpp"

#include <cblas.h>

#include <chrono>
#include <vector>

namespace course {

double host_sgemm_seconds(const ProblemSize& size, int repetitions) {
    const Matrix a = random_matrix(size.m, size.k, 1);
    const Matrix b = random_matrix(size.k, size.n, 2);
    Matrix c(size.m, size.n);
    const auto m = static_cast<int>(size.m), k = static_cast<int>(size.k), n = static_cast<int>(size.n);
    const auto run = [&] {
        cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, m, n, k, 1.0f, a.values.data(), k, b.values.data(), n,
                    0.0f, c.values.data(), n);
    };
    run();
    std::vector<double> seconds;
    for (int r = 0; r < repetitions; ++r) {
        const auto start = std::chrono::steady_clock::now();
        run();
        seconds.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    }
    return median(seconds);
}

}  // namespace course
