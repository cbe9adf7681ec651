// The launch floor: what an OpenCL profiling event of one launch holds besides the kernel's own work,
// measured as the event time of an empty kernel (kernels/benchmarks/empty_launch.cl), and what it
// changes where a course figure (event time) is compared with cuBLAS's (kernel time: a CUDA graph of
// back-to-back calls, kernels/benchmarks/cublas_sgemm.py).
//
// Measured on the H200 (docs/results/perf-notes.md, "What an OpenCL event holds"): the driver's PTX
// of lab 06's solution ran 56.5 µs by CUPTI's kernel time, 56.7 µs a launch in a CUDA graph, and
// 60.8-61.1 µs by its OpenCL event; an empty kernel 0.64 µs by CUPTI and 4.6-5.0 µs by its event.
// The event less the floor (56.1-56.5 µs) is the kernel time within 1%.
#pragma once

#include "bench/bench_report.hpp"
#include "harness/cl_session.hpp"

#include <filesystem>
#include <string>
#include <vector>

namespace course {

// The median event time of one launch of the empty kernel (one work-group), after warm-ups.
double measure_launch_floor(ClSession& session, const std::filesystem::path& root);

// One note per course figure with a cuBLAS figure at the same size (same "size" text) whose ratio to
// cuBLAS the floor changes in the second decimal: the ratio by its event time and by its kernel time
// (the event less the report's launch floor). None when the report has no launch floor.
std::vector<std::string> kernel_time_notes(const BenchReport& report);

}  // namespace course
