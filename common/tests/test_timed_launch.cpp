// full clone only: its honest transpose answers lab 01; the student edition leaves this file out.
// Timed launches pay only for work done (timing.hpp, timed_result.hpp), on a
// real device: every launch starts from a refilled output and restored inputs,
// and a result that is wrong at any timed launch is found, on kernels written
// to take advantage of a timing that did neither.
#include "problems/lab_problem.hpp"
#include "problems/problem_kinds.hpp"
#include "problems/lab_session.hpp"
#include "problems/timed_result.hpp"
#include "harness/timing.hpp"
#include "bench/copy_bandwidth.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>

using namespace course;

namespace {

// Few launches: these tests are about results, never about times.
// warm-ups, least and most repetitions, least total seconds, check seed
TimingPlan plan_of(int warmups, int min_repetitions, int max_repetitions, double min_seconds, std::uint64_t seed) {
    TimingPlan plan;
    plan.warmups = warmups;
    plan.min_repetitions = min_repetitions;
    plan.max_repetitions = max_repetitions;
    plan.min_total_seconds = min_seconds;
    plan.check_seed = seed;
    return plan;
}
const TimingPlan kShortPlan = plan_of(1, 3, 3, 0.0, 5);

// The lab-01 driver on a kernel given as text.
std::unique_ptr<LabProblem> transpose_with(ClSession& session, const LabSpec& spec, const char* text) {
    ProblemSetup setup;
    setup.session = &session;
    setup.spec = &spec;
    setup.source = KernelSource{"", "test/transpose.cl", text};
    setup.geometry = spec.geometry;
    setup.defines = spec.defines;
    return make_problem(ProblemKind::transpose, setup);
}

struct Lab01 {
    ClSession session = open_session("");
    LabSpec spec = load_lab(std::filesystem::current_path(), "01", session.device.device_class);

    Timing time(const char* kernel, ProblemSize size, const TimingPlan& plan = kShortPlan) {
        auto problem = transpose_with(session, spec, kernel);
        return time_launch(session.queue, problem->timed_launch(size, 99), plan);
    }
};

// Each work-item reads one element of a and writes one of at, so each can
// change "its" input or look at "its" output without racing with the others.
const char* kHonest = R"(
__kernel void transpose(__global const float* a, __global float* at, uint m, uint k) {
    const uint i = get_global_id(0), j = get_global_id(1);
    if (i < k && j < m) at[i * m + j] = a[j * k + i];
}
)";

// A replay with a tell: a number already in its output is kept, plus one.
const char* kReplayWithTell = R"(
__kernel void transpose(__global const float* a, __global float* at, uint m, uint k) {
    const uint i = get_global_id(0), j = get_global_id(1);
    if (i >= k || j >= m) return;
    if (!isnan(at[i * m + j])) { at[i * m + j] += 1.0f; return; }
    at[i * m + j] = a[j * k + i];
}
)";

// Leaves a mark in its input after reading it: a later launch on the same input reads the mark.
const char* kMarksItsInput = R"(
__kernel void transpose(__global const float* a, __global float* at, uint m, uint k) {
    const uint i = get_global_id(0), j = get_global_id(1);
    if (i >= k || j >= m) return;
    at[i * m + j] = a[j * k + i];
    ((__global float*)a)[j * k + i] = -7.0f;
}
)";

// Does nothing at one size.
const char* kNothingAt300 = R"(
__kernel void transpose(__global const float* a, __global float* at, uint m, uint k) {
    if (m == 300 && k == 200) return;
    const uint i = get_global_id(0), j = get_global_id(1);
    if (i < k && j < m) at[i * m + j] = a[j * k + i];
}
)";

// Right everywhere but at one element of one row, a row the sample may well miss.
const char* kOneWrongElement = R"(
__kernel void transpose(__global const float* a, __global float* at, uint m, uint k) {
    const uint i = get_global_id(0), j = get_global_id(1);
    if (i < k && j < m) at[i * m + j] = (i == k - 2 && j == 3) ? 0.5f : a[j * k + i];
}
)";

}  // namespace

TEST_CASE("an honest kernel's timed results are all right") {
    Lab01 lab;
    const Timing timing = lab.time(kHonest, {300, 200, 1});
    CHECK(timing.right());
    CHECK(timing.repetitions == 3);
}

TEST_CASE("an early answer ends the timing after its look; no answer, and the plan's rounds are all timed") {
    Lab01 lab;
    TimingPlan plan = plan_of(1, 8, 8, 0.0, 5);
    plan.early_look = 4;
    std::size_t seen = 0;
    plan.answered = [&](const std::vector<std::vector<double>>& seconds) {
        seen = seconds.front().size();
        return true;
    };
    const Timing answered = lab.time(kHonest, {300, 200, 1}, plan);
    CHECK(answered.right());
    CHECK(seen == 4);
    CHECK(answered.repetitions == 4);
    plan.answered = [](const std::vector<std::vector<double>>&) { return false; };
    CHECK(lab.time(kHonest, {300, 200, 1}, plan).repetitions == 8);
    // A wrong result is still found when the timing ends early: the last launch is read whole.
    plan.answered = [](const std::vector<std::vector<double>>&) { return true; };
    CHECK_FALSE(lab.time(kOneWrongElement, {300, 200, 1}, plan).right());
}

TEST_CASE("every timed launch starts from an output refilled with the never-written NaN") {
    Lab01 lab;
    const Timing timing = lab.time(kReplayWithTell, {300, 200, 1});
    INFO(timing.wrong);
    CHECK(timing.right());  // it never found a number in its output
}

TEST_CASE("every timed launch starts from inputs restored to what the reference used") {
    Lab01 lab;
    const Timing timing = lab.time(kMarksItsInput, {300, 200, 1});
    INFO(timing.wrong);
    CHECK(timing.right());  // it never read its own mark
}

TEST_CASE("a kernel that does nothing at the timed size is wrong at the first timed launch") {
    Lab01 lab;
    TimingPlan plan = kShortPlan;
    plan.stop_when_wrong = true;
    const Timing timing = lab.time(kNothingAt300, {300, 200, 1}, plan);
    REQUIRE_FALSE(timing.right());
    CHECK(timing.wrong_launch == 1);
    CHECK(timing.wrong.find("never written") != std::string::npos);
    CHECK(timing.repetitions == 1);  // stopped there
    CHECK(lab.time(kNothingAt300, {301, 200, 1}).right());
}

TEST_CASE("the whole result of the last timed launch is compared, not only the sample") {
    Lab01 lab;
    const Timing timing = lab.time(kOneWrongElement, {300, 200, 1});
    REQUIRE_FALSE(timing.right());
    CHECK(timing.wrong.find("at[198][3]") != std::string::npos);
}

// `lab bench` and `lab run` time a transpose interleaved with a copy of the same bytes between
// its own buffers (bench/copy_bandwidth.hpp): the copies write the kernel's output buffer too.
TEST_CASE("timed beside a copy of the same bytes: the kernel is still checked, the copy used its buffers") {
    Lab01 lab;
    const auto root = std::filesystem::current_path();
    const auto beside_copy = [&](const char* kernel, ProblemSize size) {
        auto problem = transpose_with(lab.session, lab.spec, kernel);
        return time_beside_copy(lab.session, root, problem->timed_launch(size, 99), kShortPlan);
    };
    const KernelBesideCopy ragged = beside_copy(kHonest, {300, 200, 1});
    CHECK(ragged.kernel.right());
    CHECK(ragged.kernel.repetitions == 3);
    CHECK(ragged.copy.bytes == doctest::Approx(2.0 * 300 * 200 * 4));
    CHECK(ragged.copy.copy_buffer_seconds > 0);
    CHECK(ragged.copy.copy_kernel_seconds == 0);  // 240000 bytes are not whole work-groups of copy.cl
    CHECK(ragged.copy.best_gbs() == doctest::Approx(ragged.copy.copy_buffer_gbs()));
    CHECK(beside_copy(kHonest, {256, 256, 1}).copy.copy_kernel_seconds > 0);

    // After each copy the kernel's own preparation runs again: it never finds the copied values.
    CHECK(beside_copy(kReplayWithTell, {300, 200, 1}).kernel.right());
    // The kernel is last in every round, so its whole result is what is compared at the end.
    const Timing one_wrong = beside_copy(kOneWrongElement, {300, 200, 1}).kernel;
    REQUIRE_FALSE(one_wrong.right());
    CHECK(one_wrong.wrong.find("at[198][3]") != std::string::npos);

    auto problem = transpose_with(lab.session, lab.spec, kHonest);
    TimedLaunch without_buffers = problem->timed_launch({300, 200, 1}, 99);
    without_buffers.same_bytes.reset();
    CHECK_THROWS_AS(time_beside_copy(lab.session, root, without_buffers, kShortPlan), std::logic_error);
}

TEST_CASE("the solutions' timed results are right on padded buffers and ragged sizes" * doctest::skip(!std::filesystem::is_directory("solutions"))) {  // the student edition has none
    ClSession session = open_session("");
    const auto root = std::filesystem::current_path();
    const KernelSet solutions = kernel_set(root, "solutions");
    for (const std::string lab : {"02", "05", "06", "07"}) {
        const LabSpec spec = load_lab(root, lab, session.device.device_class);
        auto problem = open_lab(session, root, spec, solutions, {});
        const ProblemSize size = lab == "02" ? ProblemSize{77, 131, 1} : ProblemSize{70, 45, 131};
        const Timing timing = time_launch(session.queue, problem->timed_launch(size, 3), kShortPlan);
        INFO("lab " << lab << ": " << timing.wrong);
        CHECK(timing.right());
    }
}

TEST_CASE("lab 07: a merge that skips its work at large sizes is wrong at the timed size" * doctest::skip(!std::filesystem::is_directory("solutions"))) {  // the student edition has none
    ClSession session = open_session("");
    const auto root = std::filesystem::current_path();
    const LabSpec spec = load_lab(root, "07", session.device.device_class);
    const KernelSet solutions = kernel_set(root, "solutions");
    std::string text = read_kernel_source(solutions.file(spec.folder, spec.kernel_file), "strassen.cl").text;
    const std::string guard = "if (row >= half_m || col >= half_n) return;";
    const auto at = text.find(guard, text.find("strassen_merge"));
    REQUIRE(at != std::string::npos);
    text.insert(at + guard.size(), "\n    if (half_m >= 128) return;  // big enough to be the timed size");
    ProblemSetup setup;
    setup.session = &session;
    setup.spec = &spec;
    setup.source = KernelSource{"", "test/strassen.cl", text};
    setup.geometry = spec.geometry;
    setup.defines = spec.defines;
    setup.defines.set("LEVELS", "1");
    setup.kernels = solutions;  // the lab-06 GEMM of the solutions multiplies
    setup.root = root;
    auto problem = make_problem(ProblemKind::strassen, setup);
    CHECK(time_launch(session.queue, problem->timed_launch({70, 45, 131}, 3), kShortPlan).right());
    const Timing timing = time_launch(session.queue, problem->timed_launch({300, 200, 260}, 3), kShortPlan);
    REQUIRE_FALSE(timing.right());
    CHECK(timing.wrong_launch == 1);
    CHECK(timing.wrong.find("never written") != std::string::npos);
}

TEST_CASE("the sampled rows: distinct, sorted, the same for a seed on every run, all rows of a small output") {
    const auto rows = random_rows(4096, 64, 17);
    CHECK(rows.size() == 64);
    CHECK(std::is_sorted(rows.begin(), rows.end()));
    CHECK(std::adjacent_find(rows.begin(), rows.end()) == rows.end());
    CHECK(rows.back() < 4096);
    CHECK(random_rows(4096, 64, 17) == rows);
    CHECK(random_rows(4096, 64, 18) != rows);
    CHECK(random_rows(10, 64, 17) == std::vector<std::size_t>{0, 1, 2, 3, 4, 5, 6, 7, 8, 9});
    CHECK(mixed_seed(1, 1) != mixed_seed(1, 2));
}
