// The scan that keeps kernel files self-contained, tried as a cheating student would: every
// spelling of an include the preprocessor accepts, and correct kernels that come close.
#include "harness/build_log.hpp"
#include "harness/kernel_source.hpp"
#include "harness/self_contained_source.hpp"
#include "util/user_error.hpp"

#include <doctest/doctest.h>

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
    CHECK(found("#if 0\n#include \"x\"\n#endif\n") == "#include@2");  // nothing hides behind a condition
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
    CHECK(line_of("int a;\n#if defined(__clang__) && 1\n#endif\n") == "__clang__@2");
    CHECK(line_of("#if __OPENCL_VERSION__ >= 200\n#endif\n") == "__OPENCL_VERSION__@1");
    CHECK(line_of("#define ON_CPU __x86_64__\n") == "__x86_64__@1");
    CHECK(line_of("#ifdef FULL_PROFILE\n#endif\n") == "FULL_PROFILE@1");
    CHECK(line_of("#ifdef cl_khr_fp64\n#endif\n") == "cl_khr_fp64@1");
    // the language's own words, the lab's defines and names in code are not
    CHECK(line_of("#define GLOBAL __global\n#define KERNEL __kernel __attribute__((reqd_work_group_size(16,16,1)))\n")
              .empty());
    CHECK(line_of("#ifndef TILE_SIZE\n#define TILE_SIZE 16\n#endif\nint x = __OPENCL_VERSION__;\n").empty());
    CHECK(line_of("// #ifdef __clang__\n").empty());
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

TEST_CASE("a missing lab folder gets a hint naming the folder that is there") {
    const fs::path sub = fresh_dir("hint");
    fs::create_directories(sub / "04");
    CHECK(error_of(sub, "04-matmul-tiled/matmul.cl").find("name it 04-matmul-tiled/") != std::string::npos);
    fs::remove_all(sub / "04");
    fs::create_directories(sub / "labs");
    CHECK(error_of(sub, "04-matmul-tiled/matmul.cl").find("labs/ folder") != std::string::npos);
    fs::remove_all(sub);
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
