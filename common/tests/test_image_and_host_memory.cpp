// Lab 08's harness on a real device: B as an RGBA float image (the device's limits
// said in words), its contract's image parameter, and the host memory modes.
#include "harness/float4_image.hpp"
#include "harness/host_memory.hpp"
#include "problems/lab_problem.hpp"
#include "problems/problem_kinds.hpp"
#include "problems/lab_session.hpp"
#include "util/user_error.hpp"

#include <doctest/doctest.h>

#include <filesystem>
#include <string>

using namespace course;

namespace {

bool has_images(const ClSession& session) { return session.device.device.getInfo<CL_DEVICE_IMAGE_SUPPORT>() == CL_TRUE; }

// The lab-08 driver on a kernel given as text.
std::unique_ptr<LabProblem> lab08_with(ClSession& session, const LabSpec& spec, const char* text) {
    ProblemSetup setup;
    setup.session = &session;
    setup.spec = &spec;
    setup.source = KernelSource{"", "test/matmul.cl", text};
    setup.geometry = spec.geometry;
    setup.defines = spec.defines;
    return make_problem(spec.problem, setup);
}

}  // namespace

TEST_CASE("an image wider than the device allows is refused in words, before any OpenCL call fails") {
    ClSession session = open_session("");
    if (!has_images(session)) return;
    const auto max_width = session.device.device.getInfo<CL_DEVICE_IMAGE2D_MAX_WIDTH>();
    CHECK(float4_image_rejection(session.context, session.device.device, 16, 16).empty());
    const std::string why = float4_image_rejection(session.context, session.device.device, max_width + 1, 1);
    CHECK(why.find("CL_DEVICE_IMAGE2D_MAX_WIDTH") != std::string::npos);
    const Matrix wide(1, 4 * (max_width + 1));
    CHECK_THROWS_AS(make_float4_image(session.context, session.device.device, wide, "test"), UserError);
}

TEST_CASE("lab 08's contract wants B as a __read_only image2d_t") {
    ClSession session = open_session("");
    if (!has_images(session)) return;
    const LabSpec spec = load_lab(std::filesystem::current_path(), "08", session.device.device_class);
    const char* buffer_b =
        "__kernel void matmul(__global const float* a, __global const float* b, __global float* c, uint M, uint K,"
        " uint N) {}";
    try {
        lab08_with(session, spec, buffer_b);
        FAIL("a buffer B was accepted");
    } catch (const KernelContractError& error) {
        CHECK(std::string(error.what()).find("__read_only image2d_t b") != std::string::npos);
    }
    const char* image_b =
        "__kernel void matmul(__global const float* a, __read_only image2d_t b, __global float* c, uint M, uint K,"
        " uint N) {}";
    CHECK_NOTHROW(lab08_with(session, spec, image_b));
}

TEST_CASE("both host memory modes carry a matrix there and back, and name themselves") {
    CHECK(parse_host_memory("copy") == HostMemory::copy);
    CHECK(parse_host_memory("zero-copy") == HostMemory::zero_copy);
    CHECK_THROWS_AS(parse_host_memory("zerocopy"), UserError);
    ClSession session = open_session("");
    for (const HostMemory mode : {HostMemory::copy, HostMemory::zero_copy}) {
        CAPTURE(host_memory_name(mode));
        const HostLinkedBuffer buffer(session.context, mode, 1000);
        std::vector<float> values(1000);
        for (std::size_t i = 0; i < values.size(); ++i) values[i] = static_cast<float>(i) - 0.5f;
        buffer.write(session.queue, values);
        std::vector<float> back;
        buffer.read(session.queue, back);
        CHECK(back == values);
    }
}

TEST_CASE("the lab-08 solution is right end to end in both host memory modes" * doctest::skip(!std::filesystem::is_directory("solutions"))) {  // the student edition has none
    ClSession session = open_session("");
    if (!has_images(session)) return;
    const auto root = std::filesystem::current_path();
    const LabSpec spec = load_lab(root, "08", session.device.device_class);
    const auto problem = open_lab(session, root, spec, kernel_set(root, "solutions"), {});
    for (const HostMemory mode : {HostMemory::copy, HostMemory::zero_copy}) {
        const auto timing = problem->end_to_end({37, 50, 17}, mode, 3);
        REQUIRE(timing.has_value());
        CHECK_MESSAGE(timing->wrong.empty(), timing->wrong);
        CHECK(timing->repetitions > 0);
    }
}
