// What a kernel's source uses, for the words of a crash report and of lab run's notes: read in
// the code only (comments and literals never count), and a crash report built from it.
#include "crash_report.hpp"
#include "harness/kernel_source_features.hpp"

#include <doctest/doctest.h>

#include <csignal>

using namespace course;

namespace {

// A wrapped report as one line: wrapping breaks lines only at spaces.
std::string flat(std::string text) {
    for (char& c : text) {
        if (c == '\n') c = ' ';
    }
    return text;
}

}  // namespace

TEST_CASE("the first vector type of the code is found with its line, never in a comment or a literal") {
    const auto found = first_vector_type(
        "// loads a float4 at a time\n"
        "/* float4 here too */\n"
        "#define MSG \"float4\"\n"
        "__kernel void k(__global const float* a, __global float* c) {\n"
        "    const float4 v = *(__global const float4*)(a + 4 * get_global_id(0));\n"
        "}\n");
    REQUIRE(found);
    CHECK(found->name == "float4");
    CHECK(found->line == 5);
    // In a macro's body it counts (the compiler sees it there).
    const auto in_macro = first_vector_type("#define VEC int2\n__kernel void k() {}\n");
    REQUIRE(in_macro);
    CHECK(in_macro->name == "int2");
    CHECK(in_macro->line == 1);
}

TEST_CASE("names that only look like vector types are not vector types") {
    for (const char* text : {"float x; int n4; float4x = 0;", "__kernel void k(__global float* a) { a[0] = 4; }",
                             "uint float5; double1 = 0; half4_ = 1;", "vload4(0, a); vstore4(v, 0, c);"}) {
        CAPTURE(text);
        CHECK_FALSE(first_vector_type(text));
    }
    for (const char* name : {"char2", "uchar16", "short3", "ushort8", "int4", "uint2", "long16", "ulong4", "half8",
                             "float3", "double16"}) {
        CAPTURE(name);
        const auto found = first_vector_type(std::string("x = (") + name + ")(0);");
        REQUIRE(found);
        CHECK(found->name == name);
    }
}

TEST_CASE("a kernel calls barrier when the code does, not when a comment says so") {
    CHECK(calls_barrier("void f() { barrier(CLK_LOCAL_MEM_FENCE); }"));
    CHECK(calls_barrier("void f() { work_group_barrier(CLK_LOCAL_MEM_FENCE); }"));
    CHECK_FALSE(calls_barrier("// no barrier(CLK_LOCAL_MEM_FENCE) is needed here\nvoid f() { mem_fence(1); }"));
    CHECK_FALSE(calls_barrier("void f() { int barriers = 0; }"));
}

TEST_CASE("the alignment hint names the type, its line, its size in bytes and the vload/vstore way out") {
    const std::string float4 = vector_alignment_hint({66, "float4"});
    CHECK(float4.find("float4 (line 66)") != std::string::npos);
    CHECK(float4.find("multiple of 16 bytes") != std::string::npos);
    CHECK(float4.find("i is a multiple of 4") != std::string::npos);
    CHECK(float4.find("vload4(0, p + i)") != std::string::npos);
    // A 3-component vector is aligned as 4; a double2 is 16 bytes.
    CHECK(vector_alignment_hint({1, "float3"}).find("multiple of 16 bytes") != std::string::npos);
    CHECK(vector_alignment_hint({1, "double2"}).find("multiple of 16 bytes") != std::string::npos);
    CHECK(vector_alignment_hint({1, "uchar8"}).find("multiple of 8 bytes") != std::string::npos);
}

TEST_CASE("a crash while a kernel runs is told with the signal, the step, the kernel, the meaning and what to try") {
    CrashNotes notes;
    notes.kind = StepKind::running;
    notes.step = "checking size 64×64×64 (seed 1) at define set 'cpu defaults' (-D TILE_M=64)";
    notes.reproduce = "build/common/lab run 06 --size 64x64x64 --seed 1 --no-timing";
    notes.kernel = "labs/06-matmul-register-tiles/matmul.cl";
    notes.oclgrind = "build/checker/labcheck --lab 06 --stage barriers";
    const std::string plain = flat(crash_report(SIGSEGV, notes));
    CHECK(plain.find("crashed (signal 11, SIGSEGV") != std::string::npos);
    CHECK(plain.find("while checking size 64×64×64 (seed 1) at define set 'cpu defaults'") != std::string::npos);
    CHECK(plain.find("labs/06-matmul-register-tiles/matmul.cl") != std::string::npos);
    CHECK(plain.find("outside every buffer") != std::string::npos);
    CHECK(plain.find("alignment") == std::string::npos);
    CHECK(plain.find("`build/common/lab run 06 --size 64x64x64 --seed 1 --no-timing`") != std::string::npos);
    CHECK(plain.find("`build/checker/labcheck --lab 06 --stage barriers`") != std::string::npos);
    CHECK(crash_exit_status(SIGSEGV, notes) == 1);

    notes.crash_hint = vector_alignment_hint({66, "float4"});
    const std::string vector = flat(crash_report(SIGBUS, notes));
    CHECK(vector.find("SIGBUS") != std::string::npos);
    CHECK(vector.find("multiple of 16 bytes") != std::string::npos);

    CHECK(flat(crash_report(SIGFPE, notes)).find("division or remainder") != std::string::npos);
    CHECK(flat(crash_report(SIGABRT, notes)).find("check of its own") != std::string::npos);
    CHECK(crash_exit_status(SIGINT, notes) == 130);
}

TEST_CASE("a crash before any kernel ran is not the kernel's, and a compiler crash says so") {
    CrashNotes notes;
    notes.kind = StepKind::opening;
    notes.step = "opening the device and lab 06";
    const std::string opening = flat(crash_report(SIGSEGV, notes));
    CHECK(opening.find("not your kernel's doing") != std::string::npos);
    CHECK(opening.find("lab devices") != std::string::npos);
    CHECK(crash_exit_status(SIGSEGV, notes) == 2);

    notes.kind = StepKind::building;
    notes.step = "building the kernel at define set 'defaults' (-D TILE_SIZE=16)";
    notes.kernel = "labs/04-matmul-tiled/matmul.cl";
    const std::string building = flat(crash_report(SIGSEGV, notes));
    CHECK(building.find("the OpenCL compiler crashed") != std::string::npos);
    CHECK(building.find("labs/04-matmul-tiled/matmul.cl") != std::string::npos);
    CHECK(crash_exit_status(SIGSEGV, notes) == 1);
}
