// What the OpenCL build compiles of a kernel file, on a real device (PoCL on a machine without a
// GPU): the text judged with the build's defines (self_contained_source.hpp), with an include in a
// branch the build does not take and `#line 6` left out, and every line keeping its number.
#include "harness/cl_session.hpp"
#include "harness/program_build.hpp"
#include "util/user_error.hpp"

#include "problems/kernel_contracts.hpp"

#include <doctest/doctest.h>

using namespace course;

namespace {

BuiltProgram build(ClSession& session, const std::string& text, const Defines& defines = {}) {
    return build_program(session.context, session.device.device, KernelSource{"", "sub/k.cl", text}, defines);
}

std::string error_of(ClSession& session, const std::string& text, const Defines& defines = {}) {
    try {
        (void)build(session, text, defines);
    } catch (const UserError& e) {
        return e.what();
    }
    return {};
}

const char* kIdeHeader =
    "#ifdef __CLION_IDE__\n"
    "#include <libgpu/opencl/cl/clion_defines.cl>\n"
    "#endif\n"
    "\n"
    "#line 100\n";

}  // namespace

TEST_CASE("an include only an IDE reads is left out of the build, and said so") {
    ClSession session = open_session("");
    const auto built =
        build(session, std::string(kIdeHeader) + "__kernel void k(__global float* x) { x[0] = 1.0f; }\n");
    REQUIRE(built.left_out.size() == 2);
    CHECK(built.left_out[0].find("line 2: `#include <libgpu/opencl/cl/clion_defines.cl>` left out") == 0);
    CHECK(built.left_out[1].find("line 5: `#line 100` left out") == 0);
    CHECK(kernel_names(built.program) == std::vector<std::string>{"k"});
}

TEST_CASE("with #line left out, a compile error names the line of the student's file") {
    ClSession session = open_session("");
    try {
        (void)build(session, std::string(kIdeHeader) + "\n__kernel void k(__global float* x) {\n    x[0] = y;\n}\n");
        FAIL("the kernel should not compile");
    } catch (const KernelBuildError& error) {
        CHECK(error.first_line() == 8);  // not 102, where `#line 100` would have put it
        CHECK(error.log().find("sub/k.cl:8:") != std::string::npos);
    }
}

TEST_CASE("an include in a branch the build takes is refused before any compiler sees it") {
    ClSession session = open_session("");
    Defines tile;
    tile.set("TILE_SIZE", "16");
    const std::string text = "#if defined(TILE_SIZE)\n#include \"/etc/hostname\"\n#endif\n__kernel void k() {}\n";
    const std::string error = error_of(session, text, tile);
    CHECK(error.find("sub/k.cl:2") != std::string::npos);
    CHECK(error.find("#include pulls in another file (it is inside `#if defined(TILE_SIZE)` (line 1), a branch "
                     "this build takes)") != std::string::npos);
    CHECK(error_of(session, text).empty());  // without TILE_SIZE the branch is not taken: left out
    CHECK(error_of(session, "#ifdef __IMAGE_SUPPORT__\n#include \"/etc/hostname\"\n#endif\n")
              .find("a branch an OpenCL compiler may take") != std::string::npos);
}

TEST_CASE("a kernel whose name only looks like the lab's is named with its look-alike letters written out") {
    ClSession session = open_session("");
    // A Cyrillic a (U+0430) in the name: OpenCL C accepts it, and it is not the kernel the lab asks for.
    const BuiltProgram built = build(session, "__kernel void tr\xD0\xB0nspose(__global float* a) {}\n");
    try {
        (void)make_kernel(built, "transpose", transpose_contract());
        FAIL("a look-alike name was taken for the kernel");
    } catch (const UserError& error) {
        CHECK(std::string(error.what()).find("the file defines only: tr\\u0430nspose") != std::string::npos);
        // The contract as the README writes it, its consts included.
        CHECK(std::string(error.what()).find("__kernel void transpose(__global const float* a, __global float* at, "
                                             "uint m, uint k)") != std::string::npos);
    }
}
