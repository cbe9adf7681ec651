// Lab 07's host recursion (given to students; they write the two kernels).
//
// C = A·B with `levels` levels of Strassen:
// (Winograd's variant: the same with winograd_split and winograd_merge.)
//   1. down, one strassen_split launch per level: each node of level l - 1
//      becomes 7 nodes of level l (their A is a sum of quadrants of the
//      parent's A, their B a sum of quadrants of the parent's B);
//   2. one batched launch of the lab-06 GEMM multiplies the 7^levels nodes
//      of the deepest level;
//   3. up, one strassen_merge launch per level: the 7 products of each node
//      of level l - 1 become its C.
// Every level's matrices live in buffers allocated once per size and reused
// by every run at that size.
#pragma once

#include "problems/strassen/strassen_gemm.hpp"
#include "problems/strassen/strassen_kernels.hpp"
#include "problems/strassen/strassen_plan.hpp"

#include <CL/opencl.hpp>

#include <vector>

namespace course {

// Level l's matrices, all its nodes one after another (index l = 0 .. levels).
// Level 0 is the whole product: left[0] is A, right[0] is B, products[0] is C.
struct StrassenBuffers {
    std::vector<cl::Buffer> left;      // the A side: 7^l nodes of rows(l) × inner(l)
    std::vector<cl::Buffer> right;     // the B side: 7^l nodes of inner(l) × cols(l)
    std::vector<cl::Buffer> products;  // the results: 7^l nodes of rows(l) × cols(l)
};

StrassenBuffers allocate_strassen_buffers(const cl::Context& context, const StrassenPlan& plan);

// The events of one run, for timing: the first and last commands, and the GEMM's.
struct StrassenEvents {
    cl::Event first;
    cl::Event gemm;
    cl::Event last;
};

// Enqueues the whole multiplication with the split and merge kernels of `variant` (nothing waits for it).
StrassenEvents enqueue_strassen(const cl::CommandQueue& queue, StrassenKernels& kernels, StrassenVariant variant,
                                BatchedGemm& gemm, const StrassenPlan& plan, const StrassenBuffers& buffers);

}  // namespace course
