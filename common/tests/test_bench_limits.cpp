// What `lab bench` writes beside a figure: the GPU's state as nvidia-smi reports it, the
// datasheet peak those clocks give, and when a share of a limit is not meaningful on a CPU.
#include "bench/bench_report.hpp"
#include "bench/gpu_state.hpp"
#include "bench/launch_floor.hpp"
#include "harness/cl_session.hpp"
#include "bench/share_meaning.hpp"

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>

using namespace course;

TEST_CASE("a line of nvidia-smi is read into the GPU's state; [N/A] and a short line are not") {
    const auto state =
        gpu_state_from_csv("NVIDIA H100 80GB HBM3, 1980, 2619, 1980, 41, 118.52, 0x0000000000000004, 9.0");
    REQUIRE(state);
    CHECK(state->name == "NVIDIA H100 80GB HBM3");
    CHECK(state->sm_mhz == 1980.0);
    CHECK(state->memory_mhz == 2619.0);
    CHECK(state->power_w == doctest::Approx(118.52));
    CHECK(throttle_text(state->throttle) == "power cap");
    CHECK(state->compute_capability == "9.0");
    CHECK_FALSE(gpu_state_from_csv("NVIDIA H100, [N/A], 2619, 1980, 41, 118, 0x0, 9.0"));
    CHECK_FALSE(gpu_state_from_csv("NVIDIA H100, 1980, 2619"));
    CHECK_FALSE(gpu_state_from_csv(""));
}

TEST_CASE("throttle reasons in words: none, idle, several") {
    CHECK(throttle_text("0x0000000000000000") == "none");
    CHECK(throttle_text("0x0000000000000001") == "idle");
    CHECK(throttle_text("0x0000000000000024") == "power cap, software thermal");
}

TEST_CASE("the datasheet FP32 peak of an H100 SXM: 132 SMs x 128 lanes x 2 x 1980 MHz") {
    GpuState h100{"NVIDIA H100 80GB HBM3", 1980, 2619, 1980, 40, 100, "0x0", "9.0"};
    const auto peak = datasheet_fp32_gflops(h100, 132);
    REQUIRE(peak);
    CHECK(*peak == doctest::Approx(66908.16));
    CHECK(datasheet_formula(h100, 132) == "132 SMs × 128 FMA × 2 × 1980 MHz");
    GpuState a100 = h100;
    a100.compute_capability = "8.0";
    CHECK(*datasheet_fp32_gflops(a100, 108) == doctest::Approx(108 * 64 * 2 * 1.980));
    GpuState unknown = h100;
    unknown.compute_capability = "12.0";
    CHECK_FALSE(datasheet_fp32_gflops(unknown, 132));
}

TEST_CASE("a clock that fell while busy is named; one that fell into idle is not") {
    GpuState busy{"GPU", 1980, 2619, 1980, 60, 500, "0x0000000000000000", "9.0"};
    GpuState fell = busy;
    fell.sm_mhz = 1500;
    fell.throttle = "0x0000000000000004";
    const std::string why = gpu_state_warning(busy, fell);
    CHECK(why.find("fell from 1980 to 1500") != std::string::npos);
    CHECK(why.find("power cap") != std::string::npos);
    GpuState idle = busy;
    idle.sm_mhz = 345;
    idle.throttle = "0x0000000000000001";
    CHECK(gpu_state_warning(busy, idle).empty());
    CHECK(gpu_state_warning(busy, busy).empty());
}

TEST_CASE("on a CPU a share within the noise or above the limit is not meaningful; on a GPU it always is") {
    CHECK(share_not_meaningful(DeviceClass::cpu, 97.0, 100.0, 0.02, 0.02).find("share not meaningful") == 0);
    CHECK(share_not_meaningful(DeviceClass::cpu, 120.0, 100.0, 0.0, 0.0).find("above the limit") != std::string::npos);
    CHECK(share_not_meaningful(DeviceClass::cpu, 50.0, 100.0, 0.05, 0.0).empty());
    CHECK(share_not_meaningful(DeviceClass::cpu, 90.0, 100.0, 0.05, 0.0).empty());  // 10% apart, ±5%: told apart
    CHECK(share_not_meaningful(DeviceClass::gpu, 120.0, 100.0, 0.0, 0.0).empty());
    CHECK(share_not_meaningful(DeviceClass::cpu, 50.0, 0.0, 0.0, 0.0).empty());  // no limit: nothing to say
}

TEST_CASE("the JSON keeps the limit's name, the datasheet peak, the GPU's states and the methods") {
    BenchReport report;
    report.device = "d";
    report.device_class = "GPU";
    report.fma_gflops = 50000;
    report.compute_limit_gflops = 50000;
    report.datasheet_gflops = 66908.16;
    report.datasheet_formula = "132 SMs × 128 FMA × 2 × 1980 MHz";
    report.gpu_states.emplace_back("before", GpuState{"GPU", 345, 1593, 1980, 30, 70, "0x0000000000000001", "9.0"});
    report.methods.emplace_back("cuBLAS", "batched");
    report.notes.push_back("a note");
    BenchFigure figure;
    figure.what = "solution";
    figure.rate = 40000;
    figure.unit = RateUnit::gigaflops_per_second;
    figure.percent_of_limit = 80;
    figure.limit = "FMA peak";
    figure.percent_of_datasheet = 59.8;
    report.figures.push_back(figure);
    const auto path = std::filesystem::temp_directory_path() / "test_bench_limits.json";
    std::ofstream(path) << bench_json(report);
    const BenchReport back = bench_report_from_json(path.string());
    std::filesystem::remove(path);
    CHECK(back.datasheet_gflops == doctest::Approx(66908.16));
    REQUIRE(back.gpu_states.size() == 1);
    CHECK(back.gpu_states[0].first == "before");
    CHECK(back.gpu_states[0].second.sm_mhz == 345.0);
    REQUIRE(back.methods.size() == 1);
    CHECK(back.methods[0].second == "batched");
    CHECK(back.figures.at(0).percent_of_datasheet == doctest::Approx(59.8));
    const std::string markdown = bench_markdown(back);
    CHECK(markdown.find("80% of FMA peak, 60% of datasheet") != std::string::npos);
    CHECK(markdown.find("GPU state before: SM 345 MHz") != std::string::npos);
    CHECK(markdown.find("timed: cuBLAS: batched") != std::string::npos);
}

TEST_CASE("a CPU run's GFLOP/s shares are taken against the best of its FMA kernel and its OpenBLAS") {
    BenchReport report;
    report.device_class = "CPU";
    report.fma_gflops = 58.0;
    report.compute_limit_gflops = 58.0;  // a run saved before the CPU limit existed
    const auto figure = [](const std::string& lab, const std::string& what, double rate, const std::string& spread) {
        BenchFigure f;
        f.lab = lab;
        f.what = what;
        f.rate = rate;
        f.unit = RateUnit::gigaflops_per_second;
        f.spread = spread;
        f.percent_of_limit = 100.0 * rate / 58.0;
        f.limit = "FMA peak";
        return f;
    };
    report.figures.push_back(figure("06", "solution", 40.0, "±3%"));
    report.figures.push_back(figure("05", "solution", 180.0, "±3%"));
    BenchFigure blas = figure("", "OpenBLAS sgemm (host CPU)", 184.0, "");
    blas.percent_of_limit = 0.0;  // the host's line has no share
    blas.limit.clear();
    report.figures.push_back(blas);
    share_against_cpu_limit(report);
    CHECK(report.compute_limit_gflops == doctest::Approx(184.0));
    CHECK(report.compute_limit_name == kCpuLimitName);
    CHECK(report.figures[0].percent_of_limit == doctest::Approx(100.0 * 40.0 / 184.0));
    CHECK(report.figures[0].limit == kCpuLimitName);
    CHECK(report.figures[0].note.empty());  // 22%, ±3%: a share that says something
    CHECK(report.figures[1].note.find("share not meaningful") == 0);  // 98% of it, ±3%: within the noise
    CHECK(report.figures[2].percent_of_limit == 0.0);
    CHECK(bench_markdown(report).find("share not meaningful on a CPU") != std::string::npos);

    BenchReport gpu = report;
    gpu.device_class = "GPU";
    gpu.compute_limit_gflops = 58.0;
    gpu.compute_limit_name = "FMA peak";
    share_against_cpu_limit(gpu);
    CHECK(gpu.compute_limit_gflops == 58.0);  // a GPU's limit is its FMA kernel's
}

TEST_CASE("beside cuBLAS, a course figure's ratio by its event and by kernel time (the event less the floor)") {
    BenchReport report;
    report.device_class = "GPU";
    const auto figure = [](const std::string& lab, const std::string& what, const std::string& size, double seconds) {
        BenchFigure f;
        f.lab = lab;
        f.what = what;
        f.size = size;
        f.seconds = seconds;
        f.unit = RateUnit::gigaflops_per_second;
        return f;
    };
    // The H200's figures at 1024 (perf-notes.md, "What an OpenCL event holds").
    report.figures.push_back(figure("06", "solution", "1024×1024×1024", 60.9e-6));
    report.figures.push_back(figure("06", "solution", "2048×2048×2048", 362.4e-6));
    report.figures.push_back(figure("03", "solution", "1024×1024×1024", 473.8e-6));  // 0.12× both ways: no note
    BenchFigure wrong = figure("05", "solution", "1024×1024×1024", 50e-6);
    wrong.correct = false;  // no ratio for work not done
    report.figures.push_back(wrong);
    report.figures.push_back(figure("", "CLBlast sgemm (this device)", "1024×1024×1024", 168.7e-6));
    report.figures.push_back(figure("", "cuBLAS (PyTorch, TF32 off)", "1024×1024×1024", 55.85e-6));
    CHECK(kernel_time_notes(report).empty());  // no floor measured (a CPU, an older run): nothing said

    report.launch_floor_seconds = 4.7e-6;
    const auto notes = kernel_time_notes(report);
    REQUIRE(notes.size() == 1);  // lab 06 at 1024 only: no cuBLAS at 2048, lab 05 wrong, lab 03 unchanged
    CHECK(notes[0].find("lab 06 at 1024×1024×1024") == 0);
    CHECK(notes[0].find("0.92× cuBLAS by its OpenCL event") != std::string::npos);
    CHECK(notes[0].find("0.99× by kernel time") != std::string::npos);
    CHECK(notes[0].find("4.7 µs") != std::string::npos);

    // Saved and read back, the floor stays with the run.
    const std::string path = (std::filesystem::temp_directory_path() / "launch_floor_report.json").string();
    std::ofstream(path) << bench_json(report);
    CHECK(bench_report_from_json(path).launch_floor_seconds == doctest::Approx(4.7e-6));
    std::remove(path.c_str());
}

TEST_CASE("the launch floor's kernel builds and runs on the default device, and its time is a time") {
    ClSession session = open_session("");
    const double floor = measure_launch_floor(session, ".");  // throws if kernels/benchmarks/empty_launch.cl fails
    CHECK(std::isfinite(floor));
    CHECK(floor >= 0.0);  // a device's clock may not tell an empty kernel's start from its end
}
