#include "problems/strassen/strassen_kernels.hpp"

#include "harness/kernel_launch.hpp"
#include "harness/matrix.hpp"

#include <algorithm>

namespace course {

namespace {

cl::NDRange node_range(std::size_t cols, std::size_t rows, std::size_t nodes) {
    return {round_up(cols, kStrassenGroupCols), round_up(rows, kStrassenGroupRows), nodes};
}

const cl::NDRange& node_group() {
    static const cl::NDRange group(kStrassenGroupCols, kStrassenGroupRows, 1);
    return group;
}

}  // namespace

const std::vector<KernelParameter>& strassen_split_contract() {
    static const std::vector<KernelParameter> params{input_floats("a"),       input_floats("b"),
                                                     output_floats("left"),   output_floats("right"),
                                                     uint_scalar("half_m"),   uint_scalar("half_k"),
                                                     uint_scalar("half_n")};
    return params;
}

const std::vector<KernelParameter>& strassen_merge_contract() {
    static const std::vector<KernelParameter> params{input_floats("products"), output_floats("c"),
                                                     uint_scalar("half_m"), uint_scalar("half_n")};
    return params;
}

StrassenKernels::StrassenKernels(const ClSession& session, const KernelSource& source, const Defines& defines)
    : built_(build_program(session.context, session.device.device, source, defines)),
      strassen_{make_kernel(built_, "strassen_split", strassen_split_contract()),
                make_kernel(built_, "strassen_merge", strassen_merge_contract())},
      variants_{StrassenVariant::strassen} {
    // Winograd's pair is the optional second part: both kernels, or neither.
    const StrassenScheme& winograd = strassen_scheme(StrassenVariant::winograd);
    const auto names = kernel_names(built_.program);
    const auto defined = [&names](const char* name) {
        return std::find(names.begin(), names.end(), name) != names.end();
    };
    if (defined(winograd.split_kernel) || defined(winograd.merge_kernel)) {
        // make_kernel names the one that is missing, and checks the parameters of both.
        winograd_ = {make_kernel(built_, winograd.split_kernel, strassen_split_contract()),
                     make_kernel(built_, winograd.merge_kernel, strassen_merge_contract())};
        variants_.push_back(StrassenVariant::winograd);
    }
}

StrassenKernels::Pair& StrassenKernels::pair(StrassenVariant variant) {
    return variant == StrassenVariant::winograd ? winograd_ : strassen_;
}

cl::Event StrassenKernels::split(const cl::CommandQueue& queue, StrassenVariant variant, const cl::Buffer& a,
                                 const cl::Buffer& b, const cl::Buffer& left, const cl::Buffer& right,
                                 std::size_t nodes, Extents half) {
    cl::Kernel& split_ = pair(variant).split;
    split_.setArg(0, a);
    split_.setArg(1, b);
    split_.setArg(2, left);
    split_.setArg(3, right);
    split_.setArg(4, static_cast<cl_uint>(half.rows));
    split_.setArg(5, static_cast<cl_uint>(half.inner));
    split_.setArg(6, static_cast<cl_uint>(half.cols));
    // Dimension 0 covers the columns of both the A quadrants (half_k) and the B quadrants (half_n).
    const auto global = node_range(std::max(half.inner, half.cols), std::max(half.rows, half.inner), nodes);
    return enqueue_kernel(queue, split_, global, node_group(),
                          built_.source.display_path + ", kernel " + strassen_scheme(variant).split_kernel);
}

cl::Event StrassenKernels::merge(const cl::CommandQueue& queue, StrassenVariant variant, const cl::Buffer& products,
                                 const cl::Buffer& c, std::size_t nodes, Extents half) {
    cl::Kernel& merge_ = pair(variant).merge;
    merge_.setArg(0, products);
    merge_.setArg(1, c);
    merge_.setArg(2, static_cast<cl_uint>(half.rows));
    merge_.setArg(3, static_cast<cl_uint>(half.cols));
    return enqueue_kernel(queue, merge_, node_range(half.cols, half.rows, nodes), node_group(),
                          built_.source.display_path + ", kernel " + strassen_scheme(variant).merge_kernel);
}

}  // namespace course
