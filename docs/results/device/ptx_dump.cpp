// The PTX NVIDIA's OpenCL driver makes of a kernel file: built on the first GPU with the given
// defines, the program's binary (PTX text, its trailing NUL dropped) written to OUT. Nsight Compute
// does not see OpenCL kernels; ptx_launch.cu runs this PTX through the CUDA driver API instead.
//
//   ptx_dump KERNEL_FILE OUT.ptx [-D NAME=VALUE]...
//
// Built on the development machine (OpenCL headers there), carried to the device machine:
//   g++ -std=c++17 -O2 -DCL_HPP_TARGET_OPENCL_VERSION=120 -DCL_HPP_MINIMUM_OPENCL_VERSION=120 \
//       docs/results/device/ptx_dump.cpp -lOpenCL -o ptx_dump
#define CL_HPP_ENABLE_EXCEPTIONS
#include <CL/opencl.hpp>

#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

int main(int argc, char** argv) {
    if (argc < 3) {
        std::cerr << "usage: ptx_dump KERNEL_FILE OUT.ptx [-D NAME=VALUE]...\n";
        return 2;
    }
    std::ifstream in(argv[1]);
    if (!in) {
        std::cerr << "ptx_dump: cannot read " << argv[1] << "\n";
        return 2;
    }
    std::stringstream source;
    source << in.rdbuf();
    std::string options;
    for (int i = 3; i < argc; ++i) options += std::string(argv[i]) + " ";

    std::vector<cl::Platform> platforms;
    cl::Platform::get(&platforms);
    for (const auto& platform : platforms) {
        std::vector<cl::Device> devices;
        platform.getDevices(CL_DEVICE_TYPE_GPU, &devices);
        if (devices.empty()) continue;
        const cl::Context context(devices.front());
        cl::Program program(context, source.str());
        try {
            program.build({devices.front()}, options.c_str());
        } catch (const cl::Error&) {
            std::cerr << "ptx_dump: the build failed:\n"
                      << program.getBuildInfo<CL_PROGRAM_BUILD_LOG>(devices.front()) << "\n";
            return 1;
        }
        const auto binaries = program.getInfo<CL_PROGRAM_BINARIES>();
        std::string ptx(binaries.front().begin(), binaries.front().end());
        while (!ptx.empty() && ptx.back() == '\0') ptx.pop_back();  // ptxas stops at a NUL
        std::ofstream(argv[2]) << ptx << "\n";
        std::cerr << "ptx_dump: " << devices.front().getInfo<CL_DEVICE_NAME>() << ", " << ptx.size()
                  << " bytes of PTX with " << options << "\n";
        return 0;
    }
    std::cerr << "ptx_dump: no OpenCL GPU\n";
    return 1;
}
