// Lab 07's own kernels, strassen_split and strassen_merge (labs/07-strassen/
// strassen.cl), and Winograd's winograd_split and winograd_merge when the file
// defines them (the lab's optional second part, same parameters): built once,
// launched once per level for all its nodes.
//
// __kernel void strassen_split(__global const float* a, __global const float* b,
//                              __global float* left, __global float* right,
//                              uint half_m, uint half_k, uint half_n)
// __kernel void strassen_merge(__global const float* products, __global float* c,
//                              uint half_m, uint half_n)
// `half` is the size of one quadrant: rows = half_m, inner = half_k, cols = half_n.
// Layout and formulas: labs/07-strassen/README.md.
#pragma once

#include "harness/cl_session.hpp"
#include "harness/launch_geometry.hpp"
#include "harness/program_build.hpp"
#include "problems/strassen/strassen_formulas.hpp"

#include <CL/opencl.hpp>

#include <cstddef>
#include <filesystem>
#include <string>
#include <vector>

namespace course {

const std::vector<KernelParameter>& strassen_split_contract();
const std::vector<KernelParameter>& strassen_merge_contract();

// Work-group of both kernels: 32 columns × 8 rows of one node; the NDRange is
// rounded up to it in dimensions 0 and 1, and has one work-group per node in dimension 2.
constexpr std::size_t kStrassenGroupCols = 32;
constexpr std::size_t kStrassenGroupRows = 8;

class StrassenKernels {
public:
    // Builds the file (throws KernelBuildError) and finds both Strassen kernels, and both Winograd
    // kernels when it defines either (throws KernelContractError when one is missing or wrong).
    StrassenKernels(const ClSession& session, const KernelSource& source, const Defines& defines);

    // The 7 left operands (from `a`) and 7 right operands (from `b`) of each of `nodes` nodes.
    cl::Event split(const cl::CommandQueue& queue, StrassenVariant variant, const cl::Buffer& a, const cl::Buffer& b,
                    const cl::Buffer& left, const cl::Buffer& right, std::size_t nodes, Extents half);
    // C of each of `nodes` nodes from its 7 products.
    cl::Event merge(const cl::CommandQueue& queue, StrassenVariant variant, const cl::Buffer& products,
                    const cl::Buffer& c, std::size_t nodes, Extents half);

    const BuiltProgram& program() const { return built_; }
    // Strassen's always; Winograd's too when the file defines its kernels.
    const std::vector<StrassenVariant>& variants() const { return variants_; }

private:
    struct Pair {
        cl::Kernel split, merge;
    };
    Pair& pair(StrassenVariant variant);

    BuiltProgram built_;
    Pair strassen_;
    Pair winograd_;
    std::vector<StrassenVariant> variants_;
};

}  // namespace course
