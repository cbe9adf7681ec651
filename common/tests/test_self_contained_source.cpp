// The scan that keeps kernel files self-contained, tried as a cheating student would: every
// spelling of an include the preprocessor accepts, and correct kernels that come close.
#include "harness/build_log.hpp"
#include "harness/kernel_source.hpp"
#include "harness/condition_expression.hpp"
#include "harness/self_contained_source.hpp"
#include "harness/source_scan.hpp"
#include "util/user_error.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <unistd.h>

using namespace course;
namespace fs = std::filesystem;

namespace {

std::string found(const std::string& text) {
    const auto f = find_forbidden_construct(text);
    return f ? f->spelling + "@" + std::to_string(f->line) : std::string();
}

fs::path fresh_dir(const std::string& name) {
    const fs::path dir = fs::temp_directory_path() / ("course-test-" + name + "-" + std::to_string(getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}

std::string error_of(const fs::path& base, const fs::path& inside) {
    try {
        (void)read_kernel_source(base, inside, "sub/04-matmul-tiled/matmul.cl");
    } catch (const UserError& e) {
        return e.what();
    }
    return {};
}

}  // namespace

TEST_CASE("every spelling of an include is found, with its line") {
    CHECK(found("#include \"/abs/solutions/04-matmul-tiled/matmul.cl\"\n") == "#include@1");
    CHECK(found("kernel void k() {}\n#include \"../../solutions/x.cl\"\n") == "#include@2");
    CHECK(found("#define F \"/etc/shadow\"\n#include F\n") == "#include@2");
    CHECK(found("  #  include <x.h>\n") == "#include@1");
    CHECK(found("#include_next \"x\"\n") == "#include_next@1");
    CHECK(found("#import \"x\"\n") == "#import@1");
    CHECK(found("#__include_macros \"x\"\n") == "#__include_macros@1");
    CHECK(found("#embed \"x\"\n") == "#embed@1");
    CHECK(found("?\?=include \"x\"\n") == "#include@1");            // trigraph (??= written with an escape)
    CHECK(found("%:include \"x\"\n") == "#include@1");              // digraph
    CHECK(found("#inc\\\nlude \"x\"\n") == "#include@1");           // line continuation in the name
    CHECK(found("#\\  \ninclude \"x\"\n") == "#include@1");         // continuation with spaces after '\'
    CHECK(found("# /* comment */ include \"x\"\n") == "#include@1");  // a comment between # and the name
    CHECK(found("/* a comment\n that ends here */ #include \"x\"\n") == "#include@2");
    CHECK(found("int a;\r#include \"x\"\r") == "#include@2");       // a lone carriage return ends a line
    CHECK(found("\xEF\xBB\xBF#include \"x\"\n") == "#include@1");   // after a byte order mark
    CHECK(found("#if 1\n#include \"x\"\n#endif\n") == "#include@2");  // a branch every build takes
    CHECK(found("float x = (1 ?\n#include \"/etc/shadow\"\n);\n") == "#include@2");
}

TEST_CASE("constructs that reach files or rename the file in messages are refused") {
    CHECK(found("#line 1 \"other.cl\"\n") == "#line@1");
    CHECK(found("# 33 \"other.cl\"\n") == "# <number>@1");
    CHECK(found("_Pragma(\"GCC dependency \\\"x\\\"\")\n") == "_Pragma@1");
    CHECK(found("#define P(x) _Pragma(#x)\n") == "_Pragma@1");
    CHECK(found("#if __has_include(\"/etc/shadow\")\n#endif\n") == "__has_include@1");
    CHECK(found("#pragma GCC dependency \"/etc/shadow\"\n") == "#pragma GCC dependency@1");
    CHECK(found("#pragma clang __debug crash\n") == "#pragma clang __debug@1");
    CHECK(found("#ident \"x\"\n") == "#ident@1");
}

TEST_CASE("correct kernels that come close are accepted") {
    CHECK(found("// #include \"x\" in a comment\n/* #include \"y\" */\nkernel void k() {}\n").empty());
    CHECK(found("__constant char text[] = \"#include <x>\";\n").empty());
    CHECK(found("#define STR(x) #x\n#define CAT(a, b) a##b\n").empty());
    CHECK(found("#ifndef TILE\n#define TILE 16\n#endif\n#if TILE > 8\n#elif 1\n#else\n#endif\n#undef TILE\n").empty());
    CHECK(found("#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n#pragma unroll 4\n").empty());
    CHECK(found("#pragma clang loop unroll(full)\n#\n#error stop\n").empty());
    CHECK(found("float a = b ? c : d; // what ??? really\n").empty());
    CHECK(found("int x = 1 % 2; int y = a %:b;\n").empty());  // %: not at the start of a line
}

TEST_CASE("compiler-defined macros tested by the preprocessor are found") {
    const auto line_of = [](const std::string& text) {
        const auto m = find_compiler_dependent_macro(text);
        return m ? m->name + "@" + std::to_string(m->line) : std::string();
    };
    CHECK(line_of("#ifndef __IMAGE_SUPPORT__\nx\n#endif\n") == "__IMAGE_SUPPORT__@1");
    CHECK(line_of("int a;\n#if defined(__clang__) && 1\nx\n#endif\n") == "__clang__@2");
    CHECK(line_of("#if __OPENCL_VERSION__ >= 200\n#else\nx\n#endif\n") == "__OPENCL_VERSION__@1");
    CHECK(line_of("#define ON_CPU __x86_64__\n") == "__x86_64__@1");
    CHECK(line_of("#ifdef FULL_PROFILE\n#define X 1\n#endif\n") == "FULL_PROFILE@1");
    CHECK(line_of("#ifdef cl_khr_fp64\n#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n#endif\n") == "cl_khr_fp64@1");
    // the language's own words, the lab's defines and names in code are not
    CHECK(line_of("#define GLOBAL __global\n#define KERNEL __kernel __attribute__((reqd_work_group_size(16,16,1)))\n")
              .empty());
    CHECK(line_of("#ifndef TILE_SIZE\n#define TILE_SIZE 16\n#endif\nint x = __OPENCL_VERSION__;\n").empty());
    CHECK(line_of("// #ifdef __clang__\n").empty());
}

namespace {

BuildMacros lab_defines() {
    BuildMacros macros;
    macros.defines = {{"TILE_SIZE", "16"}, {"THREAD_WORK", "4"}};
    return macros;
}

// "#include@3" when the build refuses the file, "" when it compiles it.
std::string refused_by_build(const std::string& text, const BuildMacros& macros = lab_defines()) {
    const auto judged = self_contained_text(text, macros);
    return judged.refused ? judged.refused->spelling + "@" + std::to_string(judged.refused->line) : std::string();
}

std::size_t lines_of(const std::string& text) {
    return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
}

// The GPGPUTasks course template's header, written for this test: CLion's helper header for the IDE
// alone, then a #line that names the line that follows anyway.
const std::string kIdeHeader =
    "#ifdef __CLION_IDE__\n"
    "#include <libgpu/opencl/cl/clion_defines.cl>\n"
    "#endif\n"
    "\n"
    "#line 6\n"
    "__kernel void transpose(__global const float* a, __global float* at, uint m, uint k)\n"
    "{\n"
    "    at[get_global_id(0)] = a[get_global_id(0)];\n"
    "}\n";

}  // namespace

TEST_CASE("an include in a branch no build takes is left out, every line keeping its number") {
    const auto judged = self_contained_text(kIdeHeader, lab_defines());
    REQUIRE_FALSE(judged.refused);
    CHECK(lines_of(judged.text) == lines_of(kIdeHeader));
    CHECK(judged.text.find("#include") == std::string::npos);
    CHECK(judged.text.find("#line") == std::string::npos);
    CHECK(judged.text.find("#ifdef __CLION_IDE__\n") == 0);  // the condition stays: only the include goes
    CHECK(judged.text.substr(judged.text.find("__kernel")) == kIdeHeader.substr(kIdeHeader.find("__kernel")));
    REQUIRE(judged.left_out.size() == 2);
    CHECK(left_out_note(judged.left_out[0]) ==
          "line 2: `#include <libgpu/opencl/cl/clion_defines.cl>` left out: it is inside `#ifdef __CLION_IDE__` "
          "(line 1), a branch this build does not take");
    CHECK(left_out_note(judged.left_out[1]) ==
          "line 5: `#line 6` left out: so that messages give this file's own line numbers");
    // Nothing that reaches a file is left in the text, in any branch: a compiler that defines
    // __CLION_IDE__ by itself still reads no other file.
    for (const auto& d : scan_source(judged.text).directives) CHECK(d.name.find("include") == std::string::npos);
    CHECK_FALSE(find_forbidden_construct(kIdeHeader));  // read before any build: nothing every build refuses
    // The emptied #ifdef changes no line a compiler reads: the static analysis can still vouch for the file.
    CHECK_FALSE(find_compiler_dependent_macro(judged.text));
    CHECK(find_compiler_dependent_macro(kIdeHeader));  // with the include still there it could not
}

TEST_CASE("correct near misses: includes in branches no build takes") {
    CHECK(refused_by_build("#if 0\n#include \"x\"\n#endif\n").empty());
    CHECK(refused_by_build("#undef SOME_UNDEFINED_NAME\n#ifdef SOME_UNDEFINED_NAME\n#include \"x\"\n#endif\n").empty());
    CHECK(refused_by_build("#ifdef SOME_UNDEFINED_NAME\n#include \"x\"\n#endif\n").empty());  // not a -D of this build
    CHECK(refused_by_build("#if TILE_SIZE < 8\n#include \"x\"\n#elif 0\n#import \"y\"\n#endif\n").empty());
    CHECK(refused_by_build("#if 1\n#else\n#include \"x\"\n#endif\n").empty());
    CHECK(refused_by_build("#define DEBUG_HEADERS 0\n#if DEBUG_HEADERS\n#include \"x\"\n#endif\n").empty());
    CHECK(refused_by_build("#if 0\n#if __OPENCL_VERSION__\n#include \"x\"\n#endif\n#endif\n").empty());
    CHECK(refused_by_build("#ifdef __INTELLISENSE__\n#  include <x>\n#endif\n").empty());
    CHECK(refused_by_build("?\?=if 0\n?\?=include \"x\"\n%:endif\n").empty());        // trigraphs and digraphs
    CHECK(refused_by_build("#if \\\n0\n#inc\\\nlude \"x\"\n#endif\n").empty());      // continuations
    CHECK(refused_by_build("#ifdef __CLION_IDE__ // for the IDE\n#include /* */ <x>\n#endif\n#line 12\n").empty());
}

TEST_CASE("hostile near misses: includes in branches a build takes, or may take, stay refused") {
    CHECK(refused_by_build("#ifdef __IMAGE_SUPPORT__\n#include \"x\"\n#endif\n") == "#include@2");
    CHECK(refused_by_build("#if 1\n#include \"x\"\n#endif\n") == "#include@2");
    CHECK(refused_by_build("#ifndef __CLION_IDE__\n#include \"x\"\n#endif\n") == "#include@2");
    CHECK(refused_by_build("#if defined(TILE_SIZE)\n#include \"x\"\n#endif\n") == "#include@2");
    CHECK(refused_by_build("#if __OPENCL_VERSION__ >= 120\n#include \"x\"\n#endif\n") == "#include@2");
    CHECK(refused_by_build("#if 0\n#elif TILE_SIZE == 16\n#include \"x\"\n#endif\n") == "#include@3");
    CHECK(refused_by_build("#ifdef __CLION_IDE__\n#else\n#include \"x\"\n#endif\n") == "#include@3");
    CHECK(refused_by_build("#define MINE\n#ifdef MINE\n#include \"x\"\n#endif\n") == "#include@3");
    CHECK(refused_by_build("#ifdef TILE_SIZE\n#undef TILE_SIZE\n#endif\n#ifndef TILE_SIZE\n#include \"x\"\n#endif\n") ==
          "#include@5");
    CHECK(refused_by_build("?\?=ifdef TILE_SIZE\n?\?=include \"x\"\n#endif\n") == "#include@2");
    CHECK(refused_by_build("%:ifdef TILE_\\\nSIZE\n%:include \"x\"\n#endif\n") == "#include@3");
    CHECK(refused_by_build("#if defined __clang__ || 0\n#include \"x\"\n#endif\n") == "#include@2");
    CHECK(refused_by_build("#if cl_khr_fp64\n#include_next <x>\n#endif\n") == "#include_next@2");
    CHECK(refused_by_build("#if TILE_SIZE / 0\n#include \"x\"\n#endif\n") == "#include@2");  // not followed: may be
    CHECK(refused_by_build("#define F(x) x\n#if F(0)\n#include \"x\"\n#endif\n") == "#include@3");
    CHECK(refused_by_build("#line 1 \"/etc/passwd\"\n") == "#line@1");
    CHECK(refused_by_build("#if 0\n#line 1 \"/etc/passwd\"\n#endif\n") == "#line@2");
    CHECK(refused_by_build("#line 7 /* */ \"x\"\n") == "#line@1");
    CHECK(refused_by_build("#define L 6\n#line L\n") == "#line@2");
    CHECK(refused_by_build("# 6\n") == "# <number>@1");
    // Without the lab's defines the same file is judged by what this build has.
    CHECK(refused_by_build("#ifdef TILE_SIZE\n#include \"x\"\n#endif\n", {}).empty());
    CHECK(refused_by_build("#ifdef TILE_SIZE\n#include \"x\"\n#endif\n") == "#include@2");
}

TEST_CASE("a refusal says which branch made the include count, and how to keep an IDE's include") {
    const auto maybe = self_contained_text("#ifdef __IMAGE_SUPPORT__\n#include \"x\"\n#endif\n", lab_defines());
    REQUIRE(maybe.refused);
    CHECK(maybe.refused->why ==
          "pulls in another file (it is inside `#ifdef __IMAGE_SUPPORT__` (line 1), a branch an OpenCL compiler may "
          "take: __IMAGE_SUPPORT__ is a macro compilers may define by themselves)");
    CHECK(maybe.refused->try_this.find("#ifdef __CLION_IDE__") != std::string::npos);
    const auto taken = self_contained_text("#if 0\n#elif TILE_SIZE\n#include \"x\"\n#endif\n", lab_defines());
    REQUIRE(taken.refused);
    CHECK(taken.refused->why ==
          "pulls in another file (it is inside `#elif TILE_SIZE` (line 2) of `#if 0` (line 1), a branch this build "
          "takes)");
    // A refused file's text keeps no include either (labcheck similarity lexes it).
    CHECK(taken.text.find("#include") == std::string::npos);
}

TEST_CASE("when a file is read, before its defines are known, only what every build refuses is refused") {
    CHECK(found("#ifdef TILE_SIZE\n#include \"x\"\n#endif\n").empty());       // a define set may or may not
    CHECK(found("#ifndef __CLION_IDE__\n#include \"x\"\n#endif\n").empty());  // -D __CLION_IDE__ would skip it
    CHECK(found("#ifdef __IMAGE_SUPPORT__\n#include \"x\"\n#endif\n").empty());
    CHECK(found("#if 0\n#include \"x\"\n#endif\n").empty());
    CHECK(found("#define MINE\n#ifdef MINE\n#include \"x\"\n#endif\n") == "#include@3");
    CHECK(found("#undef X\n#ifndef X\n#include \"x\"\n#endif\n") == "#include@3");
    CHECK(found("#if 0\n#pragma clang __debug crash\n#endif\n") == "#pragma clang __debug@2");
    CHECK(found("#if 0\n_Pragma(\"x\")\n#endif\n") == "_Pragma@2");
}

TEST_CASE("#if expressions: known with the build's macros, unknown where a compiler decides") {
    const MacroLookup lookup = [](const std::string& name) {
        if (name == "TILE_SIZE") return MacroView{MacroView::State::defined, false, "16"};
        if (name == "TWICE") return MacroView{MacroView::State::defined, false, "(TILE_SIZE * 2)"};
        if (name == "SELF") return MacroView{MacroView::State::defined, false, "SELF + 1"};
        if (name == "F") return MacroView{MacroView::State::defined, true, ""};
        if (compiler_may_define(name)) return MacroView{MacroView::State::unknown, false, ""};
        return MacroView{};
    };
    const auto value = [&](const std::string& text) {
        std::size_t steps = 1000;
        const auto v = evaluate_condition(text, lookup, steps);
        return v.known ? std::to_string(v.value) : "?" + v.unsure;
    };
    CHECK(value("0") == "0");
    CHECK(value("TILE_SIZE > 8 && TWICE == 32") == "1");
    CHECK(value("defined(TILE_SIZE) + defined NOTHING") == "1");
    CHECK(value("NOTHING") == "0");
    CHECK(value("0x10 == 16 && 020 == 16 && 0b10000 == 16 && 16u == 16") == "1");
    CHECK(value("(1 ? 2 : 3) * -4 / 2 % 3") == "-1");
    CHECK(value("3 << 2 >> 1") == "6");
    CHECK(value("-1 << 2") == "?");  // undefined in C: not followed
    CHECK(value("!0 + ~0 + (5 & 3) + (5 | 3) + (5 ^ 3)") == "14");
    CHECK(value("__OPENCL_VERSION__ >= 120") == "?__OPENCL_VERSION__");
    CHECK(value("defined(__IMAGE_SUPPORT__)") == "?__IMAGE_SUPPORT__");
    CHECK(value("0 && __OPENCL_VERSION__") == "0");  // decided whatever the compiler defines
    CHECK(value("1 || defined(cl_khr_fp64)") == "1");
    CHECK(value("__has_include(<x>) || 0") == "?__has_include");
    CHECK(value("F(1)") == "?F");
    CHECK(value("SELF") == "?SELF");
    CHECK(value("-1 < 0u") == "?");  // unsigned wrap-around: not followed
    CHECK(value("1 / 0") == "?");
    CHECK(value("9223372036854775807 + 1") == "?");
    CHECK(value("1.5") == "?");
    CHECK(value("(1") == "?");
    CHECK(value("'a' == 97") == "?");
    CHECK(value("true") == "?true");  // clang reads `true` as 1 in OpenCL C, a C compiler as 0
    std::size_t spent = 2;
    CHECK_FALSE(evaluate_condition("1 + 1", lookup, spent).known);  // the file's budget is spent
    CHECK(spent == 0);
}

TEST_CASE("macros a compiler may define by itself, and names only an IDE defines") {
    for (const char* name : {"__OPENCL_VERSION__", "__OPENCL_C_VERSION__", "CL_VERSION_1_2", "__IMAGE_SUPPORT__",
                             "__ENDIAN_LITTLE__", "FULL_PROFILE", "EMBEDDED_PROFILE", "__kernel_exec", "kernel_exec",
                             "cl_khr_fp64", "cl_nv_pragma_unroll", "__clang__", "__GPU__", "__CPU__", "NVIDIA", "AMD",
                             "__x86_64__", "_WIN32", "CLK_LOCAL_MEM_FENCE", "FLT_MAX", "M_PI_F", "inline",
                             "POCL_DEVICE_ADDRESS_BITS"}) {
        CHECK_MESSAGE(compiler_may_define(name), name);
    }
    for (const char* name : {"__CLION_IDE__", "__INTELLISENSE__", "TILE_SIZE", "SOME_UNDEFINED_NAME", "_x", "tile"}) {
        CHECK_MESSAGE(!compiler_may_define(name), name);
    }
}

TEST_CASE("a conditional that holds nothing a compiler reads is no compiler-dependent test") {
    const auto name_of = [](const std::string& text) {
        const auto m = find_compiler_dependent_macro(text);
        return m ? m->name + "@" + std::to_string(m->line) : std::string();
    };
    CHECK(name_of("#ifdef __CLION_IDE__\n\n#endif\n").empty());
    CHECK(name_of("#ifdef __CLION_IDE__\n#if __OPENCL_VERSION__\n#endif\n#else\n#endif\nkernel void k() {}\n").empty());
    CHECK(name_of("#ifdef __CLION_IDE__\nint x;\n#endif\n") == "__CLION_IDE__@1");
    CHECK(name_of("#ifdef __CLION_IDE__\n#define X 1\n#endif\n") == "__CLION_IDE__@1");
    CHECK(name_of("#ifdef __CLION_IDE__\n#else\nint x;\n#endif\n") == "__CLION_IDE__@1");
    CHECK(name_of("#if 1\n#if __OPENCL_VERSION__ > 100\nint x;\n#endif\n#endif\n") == "__OPENCL_VERSION__@2");
}

TEST_CASE("the scan finds every directive, where it starts and ends, whatever its spelling") {
    const std::string text = "int a; // x\n  ?\?=  inc\\\nlude /* c\n */ <x>\n%:if 0\n";
    const auto scan = scan_source(text);
    REQUIRE(scan.directives.size() == 2);
    const auto& include = scan.directives[0];
    CHECK(include.name == "include");
    CHECK(include.line == 2);
    CHECK(include.begin == text.find("?"));
    CHECK(include.end == text.find("\n%:"));  // the block comment carries the directive to line 4
    CHECK(include.rest == "<x>");
    CHECK(include.code_before > 0);
    CHECK(directive_text(include) == "#include <x>");
    CHECK(scan.directives[1].name == "if");
    CHECK(scan.directives[1].rest == "0");
}

TEST_CASE("a kernel file is read only from inside the submission, never through a link") {
    const fs::path sub = fresh_dir("links");
    fs::create_directories(sub / "04-matmul-tiled");
    std::ofstream(sub / "04-matmul-tiled" / "matmul.cl") << "kernel void k() {}\n";
    CHECK(read_kernel_source(sub, "04-matmul-tiled/matmul.cl", "x").text == "kernel void k() {}\n");

    const fs::path outside = fresh_dir("links-outside");
    std::ofstream(outside / "secret.cl") << "SECRET\n";
    fs::create_directories(sub / "link-file");
    fs::create_symlink(outside / "secret.cl", sub / "link-file" / "matmul.cl");
    CHECK(error_of(sub, "link-file/matmul.cl").find("matmul.cl is a symbolic link") != std::string::npos);
    fs::create_directory_symlink(outside, sub / "link-folder");
    CHECK(error_of(sub, "link-folder/secret.cl").find("link-folder is a symbolic link") != std::string::npos);
    // the old two-argument form refuses a linked file too
    CHECK_THROWS_AS(read_kernel_source(sub / "link-file" / "matmul.cl", "x"), UserError);
    CHECK(error_of(sub, "../x.cl").find("leaves the submission") != std::string::npos);
    fs::remove_all(sub);
    fs::remove_all(outside);
}

TEST_CASE("an include is refused when the file is read, with what, where and what to do") {
    const fs::path sub = fresh_dir("include");
    fs::create_directories(sub / "04-matmul-tiled");
    std::ofstream(sub / "04-matmul-tiled" / "matmul.cl") << "// a kernel\n#include \"/etc/hostname\"\n";
    const std::string error = error_of(sub, "04-matmul-tiled/matmul.cl");
    CHECK(error.find("sub/04-matmul-tiled/matmul.cl:2") != std::string::npos);
    CHECK(error.find("#include") != std::string::npos);
    CHECK(error.find("paste the code") != std::string::npos);
    fs::remove_all(sub);
}

TEST_CASE("compiler output keeps only the student's file, and quotes only the student's lines") {
    const std::string source = "kernel void k() {\n\tint x = 1\n}\n";
    const std::string log =
        "k.cl:2:11: error: expected ';' at end of declaration\n"
        "    int x = CANARY_TEXT_THE_COMPILER_QUOTED\n"
        "          ^\n"
        "          ;\n"
        "/etc/shadow:1:1: error: use of undeclared identifier 'root'\n"
        "root:$6$CANARY_HASH:19000:0:99999:7:::\n"
        "^\n"
        "/tmp/canary.txt:2:1: error: expected expression\n"
        "error: CANARY_LINE_THAT_LOOKS_LIKE_A_DIAGNOSTIC\n"
        "In file included from k.cl:3:\n"
        "note: /usr/lib/clang/opencl-c-base.h:10:1: candidate CANARY_NOTE\n"
        "2 errors generated.\n";
    const std::string kept = student_diagnostics(log, "k.cl", source);
    CHECK(kept.find("CANARY") == std::string::npos);
    CHECK(kept.find("root") == std::string::npos);
    CHECK(kept.find("k.cl:2:11: error: expected ';'") != std::string::npos);
    CHECK(kept.find("        int x = 1\n          ^\n") != std::string::npos);  // the student's line, tab expanded
    CHECK(kept.find("2 errors generated.") != std::string::npos);
    CHECK(kept.find("left out") != std::string::npos);
    // PoCL's order: severity first
    CHECK(student_diagnostics("error: k.cl:1:1: bad\nQUOTED\n^\n", "k.cl", "good line\n").find("good line") !=
          std::string::npos);
}

TEST_CASE("a file nested as deep as the size cap allows is judged in one pass (issue 34)") {
    // About 70,000 `#if 1` around a correct kernel, just under kMaxKernelFileBytes. Every step
    // here is linear in the file's size: a quadratic one would take minutes (the test's timeout).
    const std::string open = "#if 1\n", close = "#endif\n";
    const std::string kernel = "__kernel void k(__global float* x) { x[get_global_id(0)] = 0.0f; }\n";
    const std::size_t depth = (kMaxKernelFileBytes - kernel.size() - 1024) / (open.size() + close.size());
    std::string text;
    text.reserve(kMaxKernelFileBytes);
    for (std::size_t i = 0; i < depth; ++i) text += open;
    text += kernel;
    for (std::size_t i = 0; i < depth; ++i) text += close;
    REQUIRE(depth > 60000);
    REQUIRE(text.size() <= kMaxKernelFileBytes);

    const auto judged = self_contained_text(text, lab_defines());
    CHECK_FALSE(judged.refused);
    CHECK(judged.text == text);
    CHECK_FALSE(find_forbidden_construct(text));
    CHECK_FALSE(find_compiler_dependent_macro(text));
    // An include at the bottom of the nesting is still found, with its line.
    const std::string with_include = text.substr(0, depth * open.size()) + "#include \"x\"\n" +
                                     text.substr(depth * open.size());
    CHECK(refused_by_build(with_include) == "#include@" + std::to_string(depth + 1));
}

TEST_CASE("macros every OpenCL C 1.2 compiler defines count as defined (issue 34)") {
    // The host/device template: what only the host reads sits under #ifndef __OPENCL_VERSION__.
    const std::string host_part = "#ifndef __OPENCL_VERSION__\n#include <CL/cl.h>\n#define __kernel\n#endif\n";
    CHECK(refused_by_build(host_part).empty());
    CHECK_FALSE(find_forbidden_construct(host_part));  // read before its build too
    CHECK(refused_by_build(host_part, {}).empty());
    for (const char* test : {"#if !defined(__OPENCL_VERSION__)", "#if !defined __OPENCL_C_VERSION__",
                             "#ifndef CL_VERSION_1_2", "#if CL_VERSION_1_2 != 120", "#ifndef __ENDIAN_LITTLE__",
                             "#ifndef __kernel_exec", "#if !defined(kernel_exec) || CL_VERSION_1_1 < 110",
                             "#ifndef __FILE__"}) {
        CHECK_MESSAGE(refused_by_build(std::string(test) + "\n#include \"x\"\n#endif\n").empty(), test);
    }
    // The other side of each test is taken: an include there is refused.
    CHECK(refused_by_build("#ifdef __OPENCL_VERSION__\n#include \"x\"\n#endif\n") == "#include@2");
    CHECK(refused_by_build("#ifndef __OPENCL_VERSION__\n#else\n#include \"x\"\n#endif\n") == "#include@3");
    CHECK(found("#if defined(__OPENCL_C_VERSION__)\n#include \"x\"\n#endif\n") == "#include@2");
    CHECK(refused_by_build("#if CL_VERSION_1_2 == 120\n#include \"x\"\n#endif\n") == "#include@2");
    // Their values are the device's: still unknown, so a branch on one may be taken.
    CHECK(refused_by_build("#if __OPENCL_VERSION__ < 100\n#include \"x\"\n#endif\n") == "#include@2");
    CHECK(refused_by_build("#if __OPENCL_C_VERSION__ >= 200\n#include \"x\"\n#endif\n") == "#include@2");
    // The file's own #undef, or a -D, still decides.
    CHECK(refused_by_build("#undef __OPENCL_VERSION__\n#ifndef __OPENCL_VERSION__\n#include \"x\"\n#endif\n") ==
          "#include@3");
    // Other reserved names stay unknown.
    CHECK(refused_by_build("#ifndef __IMAGE_SUPPORT__\n#include \"x\"\n#endif\n") == "#include@2");

    // Testing only whether such a macro is defined reads the same lines in libclang as in any
    // device compiler: the static analysis can vouch for the file. Its value it cannot.
    const auto name_of = [](const std::string& text) {
        const auto m = find_compiler_dependent_macro(self_contained_text(text, lab_defines()).text);
        return m ? m->name + "@" + std::to_string(m->line) : std::string();
    };
    CHECK(name_of(host_part + "__kernel void k() {}\n").empty());
    CHECK(name_of("#if !defined(__OPENCL_VERSION__)\n#define __kernel\n#endif\n").empty());
    CHECK(name_of("#if defined(__OPENCL_VERSION__) && __OPENCL_VERSION__ >= 200\nint x;\n#endif\n") ==
          "__OPENCL_VERSION__@1");
    CHECK(name_of("#ifndef __IMAGE_SUPPORT__\nint x;\n#endif\n") == "__IMAGE_SUPPORT__@1");
}

TEST_CASE("a directive's look-alike or invisible letters are shown written out; Unicode spaces stay spaces") {
    CHECK(found("#\xD1\x96nclude \"x\"\n") == "#\\u0456nclude@1");        // a Cyrillic i: not #include
    CHECK(found("#\xE2\x80\x8B" "define X 1\n") == "#\\u200bdefine@1");   // a zero-width space before the name
    CHECK(found("#\xC2\xA0include \"x\"\n") == "#include@1");             // a no-break space a compiler may skip
    CHECK(found("#\xE3\x80\x80include \"x\"\n") == "#include@1");         // an ideographic space
    CHECK(found("#define SIZE 16 // Gr\xC3\xB6\xC3\x9F" "e\n").empty());  // UTF-8 in a comment: a correct kernel
}
