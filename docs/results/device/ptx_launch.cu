// Runs the PTX NVIDIA's OpenCL driver made of a kernel (ptx_dump.cpp) through the CUDA driver API,
// once, so that Nsight Compute can count its memory requests; then checks the result on the host.
// The PTX reads the NDRange's global offset from %envreg registers, which a CUDA launch does not
// set: they are replaced by 0 (the course launches with no offset).
//
//   ptx_launch PTX KERNEL GRID BLOCK ARG... [--verify transpose:M:K | --verify matmul:M:K:N:BATCH]
//     GRID, BLOCK   work-groups and work-group size, "X,Y,Z"
//     ARG           in:N (N random floats), out:N (N floats, zero), u32:V
//   nvcc -O2 ptx_launch.cu -lcuda -o ptx_launch          (on the device machine)
#include <cuda.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <random>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

namespace {

void check(CUresult result, const char* what) {
    if (result == CUDA_SUCCESS) return;
    const char* text = nullptr;
    cuGetErrorString(result, &text);
    std::fprintf(stderr, "ptx_launch: %s failed: %s\n", what, text ? text : "?");
    std::exit(1);
}

std::vector<unsigned> three(const std::string& text) {
    std::vector<unsigned> v;
    std::stringstream in(text);
    for (std::string item; std::getline(in, item, ',');) v.push_back(static_cast<unsigned>(std::stoul(item)));
    while (v.size() < 3) v.push_back(1);
    return v;
}

struct Arg {
    bool buffer = false;
    std::vector<float> host;
    CUdeviceptr device = 0;
    unsigned value = 0;
};

// The number of mismatches against the host's own result (a transpose, or a batch of products).
long verify(const std::string& spec, const std::vector<Arg>& args) {
    std::vector<std::string> f;
    std::stringstream in(spec);
    for (std::string item; std::getline(in, item, ':');) f.push_back(item);
    long wrong = 0;
    if (f[0] == "transpose") {
        const long m = std::stol(f[1]), k = std::stol(f[2]);
        for (long r = 0; r < m; ++r)
            for (long c = 0; c < k; ++c) wrong += args[1].host[c * m + r] != args[0].host[r * k + c];
    } else if (f[0] == "matmul") {
        const long M = std::stol(f[1]), K = std::stol(f[2]), N = std::stol(f[3]), batch = std::stol(f[4]);
        for (long p = 0; p < batch; ++p)
            for (long i = 0; i < M; ++i)
                for (long j = 0; j < N; ++j) {
                    double sum = 0;
                    for (long q = 0; q < K; ++q)
                        sum += double(args[0].host[p * M * K + i * K + q]) * args[1].host[p * K * N + q * N + j];
                    wrong += std::fabs(args[2].host[p * M * N + i * N + j] - sum) > 1e-3 * (1 + std::fabs(sum));
                }
    }
    return wrong;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 5) {
        std::fprintf(stderr, "usage: ptx_launch PTX KERNEL GRID BLOCK ARG... [--verify SPEC]\n");
        return 2;
    }
    std::ifstream file(argv[1]);
    std::stringstream text;
    text << file.rdbuf();
    const std::string ptx = std::regex_replace(text.str(), std::regex("%envreg[0-9]+"), "0");
    const auto grid = three(argv[3]), block = three(argv[4]);

    check(cuInit(0), "cuInit");
    CUdevice device;
    check(cuDeviceGet(&device, 0), "cuDeviceGet");
    CUcontext context;
    check(cuDevicePrimaryCtxRetain(&context, device), "cuDevicePrimaryCtxRetain");
    check(cuCtxSetCurrent(context), "cuCtxSetCurrent");
    CUmodule module;
    check(cuModuleLoadData(&module, ptx.c_str()), "cuModuleLoadData");
    CUfunction kernel;
    check(cuModuleGetFunction(&kernel, module, argv[2]), "cuModuleGetFunction");

    std::mt19937 random(2026);
    std::uniform_real_distribution<float> uniform(-1.0f, 1.0f);
    std::vector<Arg> args;
    std::string verify_spec;
    for (int i = 5; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--verify" && i + 1 < argc) {
            verify_spec = argv[++i];
            continue;
        }
        Arg arg;
        const auto colon = a.find(':');
        const std::string kind = a.substr(0, colon), value = a.substr(colon + 1);
        if (kind == "u32") {
            arg.value = static_cast<unsigned>(std::stoul(value));
        } else {
            arg.buffer = true;
            arg.host.assign(std::stoul(value), 0.0f);
            if (kind == "in") for (auto& x : arg.host) x = uniform(random);
            check(cuMemAlloc(&arg.device, arg.host.size() * sizeof(float)), "cuMemAlloc");
            check(cuMemcpyHtoD(arg.device, arg.host.data(), arg.host.size() * sizeof(float)), "cuMemcpyHtoD");
        }
        args.push_back(arg);
    }
    std::vector<void*> params;
    for (auto& arg : args) params.push_back(arg.buffer ? static_cast<void*>(&arg.device) : static_cast<void*>(&arg.value));
    check(cuLaunchKernel(kernel, grid[0], grid[1], grid[2], block[0], block[1], block[2], 0, nullptr, params.data(),
                         nullptr),
          "cuLaunchKernel");
    check(cuCtxSynchronize(), "cuCtxSynchronize");
    for (auto& arg : args) {
        if (arg.buffer) check(cuMemcpyDtoH(arg.host.data(), arg.device, arg.host.size() * sizeof(float)), "cuMemcpyDtoH");
    }
    const long wrong = verify_spec.empty() ? 0 : verify(verify_spec, args);
    std::printf("ptx_launch: %s ran, grid %u,%u,%u of %u,%u,%u; %s\n", argv[2], grid[0], grid[1], grid[2], block[0],
                block[1], block[2],
                verify_spec.empty() ? "not verified" : (wrong == 0 ? "right" : "WRONG"));
    return wrong == 0 ? 0 : 1;
}
