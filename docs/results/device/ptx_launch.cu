// Runs the PTX NVIDIA's OpenCL driver made of a kernel (ptx_dump.cpp) through the CUDA driver API,
// once, so that Nsight Compute can count its memory requests; then checks the result on the host.
// The PTX reads the NDRange's global offset from %envreg registers, which a CUDA launch does not
// set: they are replaced by 0 (the course launches with no offset). An image parameter comes as a
// `.texref` of PTX's texmode_independent, with its sampler a module-level `.samplerref`, which the
// CUDA driver's JIT refuses ("device kernel image is invalid"): unified_mode() rewrites such PTX to
// texmode_unified, the parameter a 64-bit texture object, each tex instruction the same one on that
// handle; the sampler's settings (unnormalised coordinates, nearest texel, a zero border) are then
// the texture object's (make_image), which matches the course's lab 08 sampler.
//
//   ptx_launch PTX KERNEL GRID BLOCK ARG... [--verify transpose:M:K | --verify matmul:M:K:N:BATCH]
//     GRID, BLOCK   work-groups and work-group size, "X,Y,Z"
//     ARG           in:N (N random floats), out:N (N floats, zero), u32:V,
//                   img:W:H (a W × H image of RGBA float texels, random, passed as a texture object:
//                   read unnormalised, nearest texel, a zero border; its floats in row order, so
//                   --verify sees it as an H × 4W matrix)
//   PTX_LAUNCH_TIME=N     after the checked launch, time the kernel two ways, 7 rounds of N launches each,
//                         and print the medians: N launches back to back between one pair of CUDA
//                         events (as cuBLAS is timed, kernels/benchmarks/cublas_sgemm.py), and each
//                         launch alone between its own pair with the GPU idle before it (as an OpenCL
//                         profiling event frames one launch of the course's kernels)
//   nvcc -O2 ptx_launch.cu -lcuda -o ptx_launch          (on the device machine)
#include <cuda.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <functional>
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
    bool image = false;
    CUtexObject texture = 0;
};

// A W × H RGBA float image holding arg.host (4·W·H floats), as a texture object.
void make_image(Arg& arg, size_t width, size_t height) {
    CUDA_ARRAY_DESCRIPTOR desc{};
    desc.Width = width;
    desc.Height = height;
    desc.Format = CU_AD_FORMAT_FLOAT;
    desc.NumChannels = 4;
    CUarray array;
    check(cuArrayCreate(&array, &desc), "cuArrayCreate");
    CUDA_MEMCPY2D copy{};
    copy.srcMemoryType = CU_MEMORYTYPE_HOST;
    copy.srcHost = arg.host.data();
    copy.srcPitch = width * 4 * sizeof(float);
    copy.dstMemoryType = CU_MEMORYTYPE_ARRAY;
    copy.dstArray = array;
    copy.WidthInBytes = width * 4 * sizeof(float);
    copy.Height = height;
    check(cuMemcpy2D(&copy), "cuMemcpy2D");
    CUDA_RESOURCE_DESC resource{};
    resource.resType = CU_RESOURCE_TYPE_ARRAY;
    resource.res.array.hArray = array;
    CUDA_TEXTURE_DESC texture{};
    texture.addressMode[0] = texture.addressMode[1] = CU_TR_ADDRESS_MODE_BORDER;
    texture.filterMode = CU_TR_FILTER_MODE_POINT;
    check(cuTexObjectCreate(&arg.texture, &resource, &texture, nullptr), "cuTexObjectCreate");
    arg.image = true;
}

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

// PTX with image parameters in texmode_unified (see the top of the file); other PTX unchanged.
std::string unified_mode(std::string ptx) {
    if (ptx.find(".texref") == std::string::npos) return ptx;   // no image: the JIT takes it as it is
    ptx = std::regex_replace(ptx, std::regex(",\\s*texmode_independent"), "");
    ptx = std::regex_replace(ptx, std::regex("\\.global \\.samplerref[^;]*;"), "");
    const std::regex texref("\\.param \\.texref (\\w+)");
    std::vector<std::string> names;
    for (auto it = std::sregex_iterator(ptx.begin(), ptx.end(), texref); it != std::sregex_iterator(); ++it)
        names.push_back((*it)[1]);
    ptx = std::regex_replace(ptx, texref, ".param .u64 $1");
    for (const auto& name : names) {
        const std::string handle = "%tex_" + name;
        ptx = std::regex_replace(ptx, std::regex("\\[" + name + ",\\s*\\w+,\\s*\\{"), "[" + handle + ", {");
        const auto body = ptx.find("\n{", ptx.find(".param .u64 " + name));
        ptx.insert(body + 2, "\n\t.reg .b64 " + handle + ";\n\tld.param.u64 " + handle + ", [" + name + "];");
    }
    return ptx;
}

// The median of `samples` (not empty).
double median(std::vector<double> samples) {
    std::sort(samples.begin(), samples.end());
    return samples[samples.size() / 2];
}

// Milliseconds per launch, back to back in one event pair and alone in each pair (PTX_LAUNCH_TIME).
void time_two_ways(int launches, const std::function<void()>& launch) {
    CUevent start, end;
    check(cuEventCreate(&start, CU_EVENT_DEFAULT), "cuEventCreate");
    check(cuEventCreate(&end, CU_EVENT_DEFAULT), "cuEventCreate");
    std::vector<double> batched, alone;
    for (int round = 0; round < 7; ++round) {
        check(cuEventRecord(start, nullptr), "cuEventRecord");
        for (int i = 0; i < launches; ++i) launch();
        check(cuEventRecord(end, nullptr), "cuEventRecord");
        check(cuEventSynchronize(end), "cuEventSynchronize");
        float ms = 0;
        check(cuEventElapsedTime(&ms, start, end), "cuEventElapsedTime");
        batched.push_back(ms / launches);
        for (int i = 0; i < launches; ++i) {
            check(cuEventRecord(start, nullptr), "cuEventRecord");
            launch();
            check(cuEventRecord(end, nullptr), "cuEventRecord");
            check(cuEventSynchronize(end), "cuEventSynchronize");
            check(cuEventElapsedTime(&ms, start, end), "cuEventElapsedTime");
            alone.push_back(ms);
        }
    }
    std::printf("ptx_launch: ms per launch, back to back %.5f, alone %.5f (medians, 7 x %d launches)\n",
                median(batched), median(alone), launches);
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
    const std::string ptx = unified_mode(std::regex_replace(text.str(), std::regex("%envreg[0-9]+"), "0"));
    if (const char* keep = std::getenv("PTX_LAUNCH_KEEP")) std::ofstream(keep) << ptx;   // the PTX launched
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
        } else if (kind == "img") {
            const auto colon2 = value.find(':');
            const size_t width = std::stoul(value.substr(0, colon2)), height = std::stoul(value.substr(colon2 + 1));
            arg.host.resize(4 * width * height);
            for (auto& x : arg.host) x = uniform(random);
            make_image(arg, width, height);
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
    for (auto& arg : args)
        params.push_back(arg.image    ? static_cast<void*>(&arg.texture)
                         : arg.buffer ? static_cast<void*>(&arg.device)
                                      : static_cast<void*>(&arg.value));
    const auto launch = [&] {
        check(cuLaunchKernel(kernel, grid[0], grid[1], grid[2], block[0], block[1], block[2], 0, nullptr,
                             params.data(), nullptr),
              "cuLaunchKernel");
    };
    launch();
    check(cuCtxSynchronize(), "cuCtxSynchronize");
    for (auto& arg : args) {
        if (arg.buffer) check(cuMemcpyDtoH(arg.host.data(), arg.device, arg.host.size() * sizeof(float)), "cuMemcpyDtoH");
    }
    const long wrong = verify_spec.empty() ? 0 : verify(verify_spec, args);
    if (const char* count = std::getenv("PTX_LAUNCH_TIME")) time_two_ways(std::atoi(count), launch);
    std::printf("ptx_launch: %s ran, grid %u,%u,%u of %u,%u,%u; %s\n", argv[2], grid[0], grid[1], grid[2], block[0],
                block[1], block[2],
                verify_spec.empty() ? "not verified" : (wrong == 0 ? "right" : "WRONG"));
    return wrong == 0 ? 0 : 1;
}
