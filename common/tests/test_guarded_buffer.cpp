// Guard zones on a real device (PoCL on a machine without a GPU).
#include "harness/cl_session.hpp"
#include "harness/fill_patterns.hpp"
#include "harness/guarded_buffer.hpp"
#include "harness/program_build.hpp"

#include <doctest/doctest.h>

using namespace course;

namespace {

// out[i + shift] = in[i + in_shift] for i in [0, count).
const char* kShiftedCopy = R"(
__kernel void shifted_copy(__global const float* in, __global float* out, int shift, int in_shift) {
    const int i = (int)get_global_id(0);
    out[i + shift] = in[i + in_shift];
}
)";

struct ShiftedCopy {
    ClSession session = open_session("");
    cl::Kernel kernel;
    ShiftedCopy() {
        const auto built = build_program(session.context, session.device.device,
                                         KernelSource{"", "test/shifted_copy.cl", kShiftedCopy}, {});
        kernel = cl::Kernel(built.program, "shifted_copy");
    }
    std::vector<float> run(std::size_t n, int shift, int in_shift, GuardDamage& damage) {
        GuardedBuffer in(session.context, session.device.device, n, BufferRole::input);
        GuardedBuffer out(session.context, session.device.device, n, BufferRole::output);
        std::vector<float> values(n);
        for (std::size_t i = 0; i < n; ++i) values[i] = static_cast<float>(i);
        in.upload(session.queue, values);
        out.upload(session.queue);
        kernel.setArg(0, in.view());
        kernel.setArg(1, out.view());
        kernel.setArg(2, shift);
        kernel.setArg(3, in_shift);
        session.queue.enqueueNDRangeKernel(kernel, cl::NullRange, cl::NDRange(n));
        return out.download(session.queue, &damage);
    }
};

}  // namespace

TEST_CASE("a kernel that stays inside its buffer leaves the guards intact") {
    ShiftedCopy copy;
    GuardDamage damage;
    const auto out = copy.run(100, 0, 0, damage);
    CHECK_FALSE(damage.any());
    CHECK(out[99] == 99.0f);
}

TEST_CASE("writes past the end and before the start are found and located") {
    ShiftedCopy copy;
    GuardDamage damage;
    const auto out = copy.run(100, 7, 0, damage);
    CHECK(damage.elements_after == 7);
    CHECK(damage.elements_before == 0);
    CHECK(damage.first_index == 100);
    CHECK(damage.last_index == 106);
    CHECK(float_bits(out[0]) == kUnwrittenBits);  // nobody wrote out[0..6]
    const auto text = describe_guard_damage(damage, "at", 10, 10);
    CHECK(text.find("out-of-bounds") != std::string::npos);
    CHECK(text.find("at[100]") != std::string::npos);

    copy.run(100, -3, 0, damage);
    CHECK(damage.elements_before == 3);
    CHECK(damage.first_index == -3);
}

TEST_CASE("reads outside an input bring its guard pattern into the output") {
    ShiftedCopy copy;
    GuardDamage damage;
    const auto out = copy.run(50, 0, 2, damage);
    CHECK(float_bits(out[48]) == kInputGuardBits);
    CHECK(out[47] == 49.0f);
}
