// cuBLAS FP32 SGEMM through PyTorch (kernels/benchmarks/cublas_sgemm.py), for
// `lab bench --cublas` on an NVIDIA GPU: the vendor library's line in the same run.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace course {

struct VendorSgemm {
    std::size_t n = 0;
    double seconds = 0.0;
    double gflops = 0.0;
    std::string library;
    std::string method;  // how it was timed, in words (the script's "method")
};

// One entry per size, or none with `why` set (no python3, no PyTorch, no CUDA GPU).
std::vector<VendorSgemm> cublas_sgemm(const std::filesystem::path& root, const std::vector<std::size_t>& sizes,
                                      std::string& why);

}  // namespace course
