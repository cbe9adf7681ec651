// How an OpenCL profiling event frames one launch on a device, against launches back to back: the
// same kernel file, defines and NDRange timed three ways, 7 rounds of N launches each, medians in
// milliseconds per launch:
//   alone        each launch after the queue drained, its own START to END (as `lab` times a launch,
//                common/harness/timing.cpp, less the refill before it)
//   after fill   the same with the output refilled by clEnqueueFillBuffer first (exactly as `lab`)
//   back to back N launches enqueued together, the first one's START to the last one's END (as
//                cuBLAS is timed, kernels/benchmarks/cublas_sgemm.py)
// ptx_launch.cu's PTX_LAUNCH_TIME does the same through CUDA for the driver's PTX of the kernel.
//
//   cl_launch_time KERNEL_FILE KERNEL GLOBAL LOCAL N ARG... [-D NAME=VALUE]...
//     GLOBAL, LOCAL   "X,Y" work-items; ARG: in:COUNT, out:COUNT (floats), u32:V, f32:V; the last out: is refilled
//     --verify M:K:N  afterwards, compare 32 rows of the output with the first two inputs' product (row-major)
//
// Built on the development machine (OpenCL headers there), carried to the device machine:
//   g++ -std=c++17 -O2 -DCL_HPP_TARGET_OPENCL_VERSION=120 -DCL_HPP_MINIMUM_OPENCL_VERSION=120 \
//       docs/results/device/cl_launch_time.cpp -lOpenCL -o cl_launch_time
#define CL_HPP_ENABLE_EXCEPTIONS
#include <CL/opencl.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <functional>
#include <iostream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

namespace {

std::vector<std::size_t> sizes(const std::string& text) {
    std::vector<std::size_t> v;
    std::stringstream in(text);
    for (std::string item; std::getline(in, item, ',');) v.push_back(std::stoul(item));
    return v;
}

cl::NDRange range(const std::vector<std::size_t>& v) {
    if (v.size() == 1) return cl::NDRange(v[0]);
    if (v.size() == 2) return cl::NDRange(v[0], v[1]);
    return cl::NDRange(v[0], v[1], v[2]);
}

double median(std::vector<double> samples) {
    std::sort(samples.begin(), samples.end());
    return samples[samples.size() / 2];
}

double milliseconds(const cl::Event& first, const cl::Event& last) {
    const auto start = first.getProfilingInfo<CL_PROFILING_COMMAND_START>();
    const auto end = last.getProfilingInfo<CL_PROFILING_COMMAND_END>();
    return static_cast<double>(end - start) * 1e-6;
}

}  // namespace

int main(int argc, char** argv) try {
    if (argc < 7) {
        std::cerr << "usage: cl_launch_time KERNEL_FILE KERNEL GLOBAL LOCAL N ARG... [-D NAME=VALUE]...\n";
        return 2;
    }
    std::ifstream in(argv[1]);
    if (!in) {
        std::cerr << "cl_launch_time: cannot read " << argv[1] << "\n";
        return 2;
    }
    std::stringstream source;
    source << in.rdbuf();
    const std::string kernel_name = argv[2];
    const auto global = sizes(argv[3]), local = sizes(argv[4]);
    const int launches = std::stoi(argv[5]);

    std::vector<cl::Platform> platforms;
    cl::Platform::get(&platforms);
    cl::Device device;  // the first GPU, else the first device
    for (const cl_device_type type : {cl_device_type{CL_DEVICE_TYPE_GPU}, cl_device_type{CL_DEVICE_TYPE_ALL}}) {
        for (const auto& p : platforms) {
            std::vector<cl::Device> found;
            try {
                p.getDevices(type, &found);
            } catch (const cl::Error&) {
                continue;  // CL_DEVICE_NOT_FOUND
            }
            if (!found.empty() && !device()) device = found.front();
        }
        if (device()) break;
    }
    if (!device()) {
        std::cerr << "cl_launch_time: no OpenCL device\n";
        return 1;
    }
    cl::Context context(device);
    cl::CommandQueue queue(context, device, CL_QUEUE_PROFILING_ENABLE);

    std::string options;
    std::mt19937 random(2026);
    std::uniform_real_distribution<float> uniform(-1.0f, 1.0f);
    std::vector<cl::Buffer> buffers;
    std::vector<std::pair<int, unsigned>> values;  // (argument index, value)
    std::vector<std::pair<int, float>> floats;     // (argument index, value)
    std::vector<int> buffer_index;
    cl::Buffer refilled;
    std::size_t refilled_bytes = 0;
    int index = 0;
    std::vector<std::vector<float>> hosts;
    std::vector<long> verify_mkn;
    for (int i = 6; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--verify" && i + 1 < argc) {
            std::stringstream spec(argv[++i]);
            for (std::string item; std::getline(spec, item, ':');) verify_mkn.push_back(std::stol(item));
            continue;
        }
        if (a == "-D" && i + 1 < argc) {
            options += " -D " + std::string(argv[++i]);
            continue;
        }
        const auto colon = a.find(':');
        const std::string kind = a.substr(0, colon), value = a.substr(colon + 1);
        if (kind == "u32") {
            values.emplace_back(index++, static_cast<unsigned>(std::stoul(value)));
            continue;
        }
        if (kind == "f32") {
            floats.emplace_back(index++, std::stof(value));
            continue;
        }
        std::vector<float> host(std::stoul(value), 0.0f);
        if (kind == "in") for (auto& x : host) x = uniform(random);
        buffers.emplace_back(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, host.size() * sizeof(float), host.data());
        buffer_index.push_back(index++);
        hosts.push_back(host);
        if (kind == "out") refilled = buffers.back(), refilled_bytes = host.size() * sizeof(float);
    }

    cl::Program program(context, source.str());
    try {
        program.build({device}, options.c_str());
    } catch (const cl::Error&) {
        std::cerr << program.getBuildInfo<CL_PROGRAM_BUILD_LOG>(device) << "\n";
        throw;
    }
    cl::Kernel kernel(program, kernel_name.c_str());
    for (std::size_t b = 0; b < buffers.size(); ++b) kernel.setArg(buffer_index[b], buffers[b]);
    for (const auto& [at, value] : values) kernel.setArg(at, value);
    for (const auto& [at, value] : floats) kernel.setArg(at, value);

    const auto launch = [&] {
        cl::Event event;
        queue.enqueueNDRangeKernel(kernel, cl::NullRange, range(global), range(local), nullptr, &event);
        return event;
    };
    for (int w = 0; w < 5; ++w) launch();
    queue.finish();

    std::vector<double> alone, after_fill, batched;
    for (int round = 0; round < 7; ++round) {
        for (int i = 0; i < launches; ++i) {
            cl::Event e = launch();
            e.wait();
            alone.push_back(milliseconds(e, e));
        }
        for (int i = 0; i < launches; ++i) {
            if (refilled_bytes) queue.enqueueFillBuffer(refilled, std::nanf(""), 0, refilled_bytes);
            cl::Event e = launch();
            e.wait();
            after_fill.push_back(milliseconds(e, e));
        }
        cl::Event first = launch(), last;
        for (int i = 1; i < launches; ++i) last = launch();
        last.wait();
        batched.push_back(milliseconds(first, last) / launches);
    }
    std::string verdict = "not verified";
    if (verify_mkn.size() == 3 && hosts.size() >= 3) {
        const long M = verify_mkn[0], K = verify_mkn[1], N = verify_mkn[2];
        std::vector<float> c(hosts.back().size());
        queue.enqueueReadBuffer(refilled, CL_TRUE, 0, c.size() * sizeof(float), c.data());
        long wrong = 0;
        for (long r = 0; r < 32; ++r) {
            const long i = r * (M - 1) / 31;
            for (long j = 0; j < N; ++j) {
                double sum = 0;
                for (long q = 0; q < K; ++q) sum += double(hosts[0][i * K + q]) * hosts[1][q * N + j];
                wrong += !(std::fabs(c[i * N + j] - sum) <= 1e-3 * (1 + std::fabs(sum)));
            }
        }
        verdict = wrong == 0 ? "right" : "WRONG (" + std::to_string(wrong) + " of 32 rows' elements)";
    }
    std::printf("cl_launch_time: %s, ms per launch: alone %.5f, after fill %.5f, back to back %.5f "
                "(medians, 7 x %d launches) on %s; %s\n",
                kernel_name.c_str(), median(alone), median(after_fill), median(batched), launches,
                device.getInfo<CL_DEVICE_NAME>().c_str(), verdict.c_str());
    return verdict.rfind("WRONG", 0) == 0 ? 1 : 0;
} catch (const cl::Error& e) {
    std::cerr << "cl_launch_time: " << e.what() << " (" << e.err() << ")\n";
    return 1;
}
