#include "problems/strassen/strassen_recursion.hpp"

namespace course {

namespace {

// One node's quadrant at `level` (level ≥ 1): the size of each of its 7 operands and products.
Extents quadrant(const StrassenPlan& plan, int level) {
    return {plan.rows(level), plan.cols(level), plan.inner(level)};
}

cl::Buffer device_floats(const cl::Context& context, std::size_t count) {
    return cl::Buffer(context, CL_MEM_READ_WRITE, count * sizeof(float));
}

}  // namespace

StrassenBuffers allocate_strassen_buffers(const cl::Context& context, const StrassenPlan& plan) {
    StrassenBuffers buffers;
    for (int level = 0; level <= plan.levels; ++level) {
        buffers.left.push_back(device_floats(context, plan.left_elements(level)));
        buffers.right.push_back(device_floats(context, plan.right_elements(level)));
        buffers.products.push_back(device_floats(context, plan.product_elements(level)));
    }
    return buffers;
}

StrassenEvents enqueue_strassen(const cl::CommandQueue& queue, StrassenKernels& kernels, StrassenVariant variant,
                                BatchedGemm& gemm, const StrassenPlan& plan, const StrassenBuffers& buffers) {
    StrassenEvents events;
    const int deepest = plan.levels;

    // 1. Down: the 7^(level-1) nodes of the level above, each into 7 pairs of operands.
    for (int level = 1; level <= deepest; ++level) {
        const cl::Event split =
            kernels.split(queue, variant, buffers.left[level - 1], buffers.right[level - 1], buffers.left[level],
                          buffers.right[level], plan.nodes(level - 1), quadrant(plan, level));
        if (level == 1) events.first = split;
    }

    // 2. Every product of the deepest level in one launch of the lab-06 GEMM.
    events.gemm = gemm.multiply(queue, buffers.left[deepest], buffers.right[deepest], buffers.products[deepest],
                                {plan.rows(deepest), plan.cols(deepest), plan.inner(deepest)}, plan.nodes(deepest));
    if (deepest == 0) events.first = events.gemm;
    events.last = events.gemm;

    // 3. Up: the 7 products of each node of the level above into its C.
    for (int level = deepest; level >= 1; --level) {
        events.last = kernels.merge(queue, variant, buffers.products[level], buffers.products[level - 1],
                                    plan.nodes(level - 1), quadrant(plan, level));
    }
    return events;
}

}  // namespace course
