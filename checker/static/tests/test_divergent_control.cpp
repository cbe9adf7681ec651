// full clone only: its kernels (correct, or one fix from it) answer labs; the student edition leaves it out.
// Rules barrier-in-divergent-branch and divergent-exit-before-barrier, and the divergence
// analysis behind them (which values depend on the work-item id).
#include "analysis_helpers.hpp"

#include <doctest/doctest.h>

using namespace checker::testing;
namespace rules = checker::rules;

namespace {

// `body` goes inside a kernel with arguments (in, out, n) and a 64-element __local array `s`.
std::string kernel_with(const std::string& body) {
    return "__kernel void k(__global const float* in, __global float* out, uint n)\n{\n"
           "    __local float s[64];\n" +
           body + "\n}\n";
}

}  // namespace

TEST_CASE("barrier-in-divergent-branch: a barrier under a condition on get_local_id") {
    std::string source = kernel_with(R"CL(
    const uint lid = get_local_id(0);
    s[lid] = in[lid];
    if (lid < 8) {
        barrier(CLK_LOCAL_MEM_FENCE);  // MARK
    }
    out[lid] = s[63 - lid];)CL");
    auto findings = analyse(source);
    INFO(describe(findings));
    CHECK(has_finding(findings, rules::barrier_in_divergent_branch, line_of(source, "MARK")));
    CHECK(count_rule(findings, rules::barrier_in_divergent_branch) == 1);
    REQUIRE(!findings.empty());
    const std::string& message = findings.front().message;
    CHECK(message.find("kernel `k`") != std::string::npos);
    CHECK(message.find("lid < 8") != std::string::npos);
    CHECK(message.find("move the barrier out") != std::string::npos);
}

TEST_CASE("barrier-in-divergent-branch: divergence flows through assignments, loads and helpers") {
    SUBCASE("through a chain of variables") {
        std::string source = kernel_with(R"CL(
    int gid = get_global_id(0);
    int twice = gid * 2;
    int shifted;
    shifted = twice + 1;
    if (shifted > 5)
        barrier(CLK_LOCAL_MEM_FENCE);  // MARK)CL");
        CHECK(has_finding(analyse(source), rules::barrier_in_divergent_branch, line_of(source, "MARK")));
    }
    SUBCASE("through a value assigned only under a divergent condition") {
        std::string source = kernel_with(R"CL(
    int count = 4;
    if (get_local_id(0) == 0)
        count = 8;
    for (int i = 0; i < count; ++i)
        barrier(CLK_LOCAL_MEM_FENCE);  // MARK)CL");
        CHECK(has_finding(analyse(source), rules::barrier_in_divergent_branch, line_of(source, "MARK")));
    }
    SUBCASE("through a load at a work-item-dependent address") {
        std::string source = kernel_with(R"CL(
    float v = in[get_local_id(0)];
    if (v > 0.0f)
        barrier(CLK_LOCAL_MEM_FENCE);  // MARK)CL");
        CHECK(has_finding(analyse(source), rules::barrier_in_divergent_branch, line_of(source, "MARK")));
    }
    SUBCASE("through a helper function's result") {
        std::string source = "int my_row(void) { return get_global_id(1); }\n" + kernel_with(R"CL(
    if (my_row() < n)
        barrier(CLK_LOCAL_MEM_FENCE);  // MARK)CL");
        CHECK(has_finding(analyse(source), rules::barrier_in_divergent_branch, line_of(source, "MARK")));
    }
    SUBCASE("around a value carried to the next loop iteration") {
        std::string source = kernel_with(R"CL(
    int previous = 0, current = 0;
    for (int t = 0; t < 4; ++t) {
        if (previous > 2)
            barrier(CLK_LOCAL_MEM_FENCE);  // MARK
        previous = current;
        current = get_local_id(0);
    })CL");
        CHECK(has_finding(analyse(source), rules::barrier_in_divergent_branch, line_of(source, "MARK")));
    }
}

TEST_CASE("barrier-in-divergent-branch: loops, switch and the conditional operator") {
    SUBCASE("a loop whose bound depends on the work-item") {
        std::string source = kernel_with(R"CL(
    for (uint i = get_local_id(0); i < n; i += get_local_size(0)) {
        s[i % 64] = in[i];
        barrier(CLK_LOCAL_MEM_FENCE);  // MARK
    })CL");
        CHECK(has_finding(analyse(source), rules::barrier_in_divergent_branch, line_of(source, "MARK")));
    }
    SUBCASE("a while loop") {
        std::string source = kernel_with(R"CL(
    uint i = get_global_id(0);
    while (i < n) {
        barrier(CLK_LOCAL_MEM_FENCE);  // MARK
        i += 64;
    })CL");
        CHECK(has_finding(analyse(source), rules::barrier_in_divergent_branch, line_of(source, "MARK")));
    }
    SUBCASE("a switch") {
        std::string source = kernel_with(R"CL(
    switch (get_local_id(0) % 2) {
    case 0:
        barrier(CLK_LOCAL_MEM_FENCE);  // MARK
        break;
    default:
        break;
    })CL");
        CHECK(has_finding(analyse(source), rules::barrier_in_divergent_branch, line_of(source, "MARK")));
    }
    SUBCASE("the conditional operator") {
        std::string source = kernel_with(R"CL(
    get_local_id(0) < 4 ? barrier(CLK_LOCAL_MEM_FENCE) : (void)0;  // MARK)CL");
        CHECK(has_finding(analyse(source), rules::barrier_in_divergent_branch, line_of(source, "MARK")));
    }
    SUBCASE("a barrier inside a helper called under a divergent condition") {
        std::string source = "void sync_tile(void) { barrier(CLK_LOCAL_MEM_FENCE); }  // MARK\n" + kernel_with(R"CL(
    if (get_local_id(1) > 0)
        sync_tile();)CL");
        CHECK(has_finding(analyse(source), rules::barrier_in_divergent_branch, line_of(source, "MARK")));
    }
}

TEST_CASE("barrier-in-divergent-branch: uniform conditions are fine") {
    std::string source = kernel_with(R"CL(
    const uint lid = get_local_id(0);
    const uint tiles = (n + 63) / 64;
    if (n > 0 && get_group_id(0) < get_num_groups(0) && get_local_size(0) == 64 && get_work_dim() == 1) {
        for (uint t = 0; t < tiles; ++t) {
            s[lid] = in[t * 64 + lid];
            barrier(CLK_LOCAL_MEM_FENCE);
            out[t * 64 + lid] = s[63 - lid];
            barrier(CLK_LOCAL_MEM_FENCE);
        }
    }
    int steps = 0;
    while (steps < 3) {
        barrier(CLK_LOCAL_MEM_FENCE);
        steps++;
    }
    if (in[0] > 0.0f)
        barrier(CLK_LOCAL_MEM_FENCE);)CL");
    auto findings = analyse(source);
    INFO(describe(findings));
    CHECK(count_rule(findings, rules::barrier_in_divergent_branch) == 0);
    CHECK(count_errors(findings) == 0);
}

TEST_CASE("divergent-exit-before-barrier: an early return at the edge") {
    std::string source = kernel_with(R"CL(
    const uint gid = get_global_id(0);
    const uint lid = get_local_id(0);
    if (gid >= n)
        return;  // MARK
    s[lid] = in[gid];
    barrier(CLK_LOCAL_MEM_FENCE);
    out[gid] = s[63 - lid];)CL");
    auto findings = analyse(source);
    INFO(describe(findings));
    CHECK(has_finding(findings, rules::divergent_exit_before_barrier, line_of(source, "MARK")));
    CHECK(count_errors(findings) == 1);
    REQUIRE(!findings.empty());
    CHECK(findings.front().message.find("guard the loads and stores, not the barrier") != std::string::npos);
}

TEST_CASE("divergent-exit-before-barrier: returns that skip no barrier are fine") {
    SUBCASE("after the last barrier") {
        std::string source = kernel_with(R"CL(
    const uint lid = get_local_id(0);
    s[lid] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    if (get_global_id(0) >= n)
        return;
    out[get_global_id(0)] = s[63 - lid];)CL");
        CHECK(analyse(source).empty());
    }
    SUBCASE("a whole work-group leaving together") {
        std::string source = kernel_with(R"CL(
    if (get_group_id(0) * 64 >= n)
        return;
    s[get_local_id(0)] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = s[63 - get_local_id(0)];)CL");
        CHECK(analyse(source).empty());
    }
    SUBCASE("a divergent return inside a helper with no barrier after it") {
        std::string source =
            "float safe_load(__global const float* p, uint i, uint n) {\n"
            "    if (i >= n) return 0.0f;\n    return p[i];\n}\n" +
            kernel_with(R"CL(
    s[get_local_id(0)] = safe_load(in, get_global_id(0), n);
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = s[63 - get_local_id(0)];)CL");
        CHECK(analyse(source).empty());
    }
}

TEST_CASE("divergent-exit-before-barrier: break and continue") {
    SUBCASE("a break that skips the barriers of later iterations") {
        std::string source = kernel_with(R"CL(
    float acc = 0.0f;
    for (uint t = 0; t < 4; ++t) {
        s[get_local_id(0)] = in[t * 64 + get_local_id(0)];
        barrier(CLK_LOCAL_MEM_FENCE);
        acc += s[63 - get_local_id(0)];
        barrier(CLK_LOCAL_MEM_FENCE);
        if (acc > 100.0f)
            break;  // MARK
    }
    out[get_global_id(0)] = acc;)CL");
        auto findings = analyse(source);
        INFO(describe(findings));
        CHECK(has_finding(findings, rules::divergent_exit_before_barrier, line_of(source, "MARK")));
        CHECK(count_errors(findings) == 1);
    }
    SUBCASE("a continue that skips a barrier later in the iteration") {
        std::string source = kernel_with(R"CL(
    for (uint t = 0; t < 4; ++t) {
        if (get_local_id(0) == t)
            continue;  // MARK
        barrier(CLK_LOCAL_MEM_FENCE);
    })CL");
        CHECK(has_finding(analyse(source), rules::divergent_exit_before_barrier, line_of(source, "MARK")));
    }
    SUBCASE("a continue after the last barrier of the iteration is fine") {
        std::string source = kernel_with(R"CL(
    float acc = 0.0f;
    for (uint t = 0; t < 4; ++t) {
        barrier(CLK_LOCAL_MEM_FENCE);
        if (get_local_id(0) < t)
            continue;
        acc += 1.0f;
    }
    out[get_global_id(0)] = acc;)CL");
        CHECK(count_errors(analyse(source)) == 0);
    }
    SUBCASE("a break out of an inner loop with no barrier is fine") {
        std::string source = kernel_with(R"CL(
    float acc = 0.0f;
    for (uint t = 0; t < 4; ++t) {
        for (uint i = 0; i < 8; ++i) {
            if (in[get_global_id(0) + i] < 0.0f)
                break;
            acc += 1.0f;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    out[get_global_id(0)] = acc;)CL");
        CHECK(count_errors(analyse(source)) == 0);
    }
}

TEST_CASE("barrier-in-divergent-branch: the message names the condition the student wrote") {
    // The tile loop is inside the bounds check: the `if` is named, not the loop inside it.
    std::string source = R"CL(
__kernel void matmul(__global const float* a, __global const float* b, __global float* c,
                     uint M, uint K, uint N)
{
    __local float As[16][16], Bs[16][16];
    int row = get_global_id(1), col = get_global_id(0);
    int tx = get_local_id(0), ty = get_local_id(1);
    float acc = 0.0f;
    if (row < M && col < N) {  // MARK if
        for (int t = 0; t < K / 16; t++) {
            As[ty][tx] = a[row * K + t * 16 + tx];
            Bs[ty][tx] = b[(t * 16 + ty) * N + col];
            barrier(CLK_LOCAL_MEM_FENCE);  // MARK first
            for (int k = 0; k < 16; k++)
                acc += As[ty][k] * Bs[k][tx];
            barrier(CLK_LOCAL_MEM_FENCE);  // MARK second
        }
        c[row * N + col] = acc;
    }
}
)CL";
    auto findings = analyse(source);
    INFO(describe(findings));
    CHECK(has_finding(findings, rules::barrier_in_divergent_branch, line_of(source, "MARK first")));
    CHECK(has_finding(findings, rules::barrier_in_divergent_branch, line_of(source, "MARK second")));
    CHECK(count_errors(findings) == 2);
    REQUIRE(!findings.empty());
    std::string where = "the `if` at line " + std::to_string(line_of(source, "MARK if"));
    CHECK(findings.front().message.find(where) != std::string::npos);
    CHECK(findings.front().message.find("row < M && col < N") != std::string::npos);
}
