// The subcommands of `lab`. Each returns the process exit status:
// 0 everything right, 1 a kernel is wrong (or did not build), 2 the command itself could not run.
#pragma once

#include "terms/defines.hpp"
#include "harness/host_memory.hpp"
#include "versus_choice.hpp"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace CLI {
class App;
}

namespace course {

struct CommonOptions {
    std::string device;  // --device; empty: LAB_DEVICE or the default device
    std::string root;    // --root; empty: LAB_ROOT or the source tree
};

int devices_command(const CommonOptions& common);

// Runs `command`; a UserError or a failed OpenCL call becomes its message on stderr and status 2.
int report_errors(const std::function<int()>& command);

struct RunOptions {
    std::string lab;                   // "02"
    bool solution = false;             // --solution: solutions/ instead of labs/
    std::string submission;            // --submission DIR
    std::vector<std::string> sizes;    // --size, replaces the lab's check sizes
    std::vector<std::string> defines;  // -D NAME=VALUE
    std::uint64_t seed = 1;
    bool no_timing = false;
    bool reference_gemm = false;  // --reference-gemm: lab 07's products with kernels/'s GEMM, as labcheck grades
    std::vector<HostMemory> host_memory;  // --host-memory copy|zero-copy|both: also time end to end (labs 03–08)
    int repeat = 0;                    // --repeat N: time exactly N launches (0: the default plan)
    VersusChoice versus;               // --versus: defines, 'baseline', file:PATH or lab:NN (versus_choice.hpp)
    bool memory = false;               // --memory: the simulated memory report (memory_run.hpp) instead of checks
    std::string memory_html;           // --memory-html FILE: the same report as an annotated page
    std::uint32_t warp = 32;           // --warp: work-items per warp in the memory report (64: AMD wavefronts)
    int step_limit = -1;               // --step-limit S: end a check running longer (-1: kNoTimingStepLimit with
                                       // --no-timing, none otherwise; 0: none)
};

// A check of `lab run --no-timing` that runs longer than this is stopped with a message (a hang).
inline constexpr int kNoTimingStepLimit = 60;

struct LadderOptions {
    bool solution = false;     // --solution
    std::string submission;    // --submission DIR
    std::uint32_t warp = 32;   // --warp
};

// Checks and times in a child process of its own, which a crashing kernel ends instead of the
// command (crash_guard.hpp).
int run_command(const CommonOptions& common, const RunOptions& options);

struct TuneOptions {
    std::string lab;                   // "05"
    bool solution = false;             // --solution
    std::string submission;            // --submission DIR
    std::string size;                  // --size: time at this size instead of the lab's time size
    std::vector<std::string> defines;  // -D NAME=VALUE: fixed, not swept
    std::vector<std::string> values;   // --values NAME=V1,V2,...: these candidates instead of lab.toml's
    std::size_t top = 10;              // rows of the ranked table
    std::size_t recheck = 3;           // the best this many are timed again, interleaved
    std::uint64_t seed = 1;
    int repeat = 0;                    // --repeat N: time exactly N launches (0: the default plan)
    bool save = false;                 // --save: write the best into the lab's tuned.toml for this device
};

int tune_command(const CommonOptions& common, const TuneOptions& options);

struct BenchOptions {
    std::vector<std::string> labs;     // empty: every lab
    bool mine = false;                 // --mine: labs/ instead of solutions/
    std::string submission;            // --submission DIR
    std::vector<std::string> sizes;    // --size, replaces each lab's bench sizes
    std::vector<std::string> defines;  // -D NAME=VALUE, on top of each lab's
    std::string json;                  // --json FILE
    std::string plot;                  // --plot FILE.svg
    std::string markdown;              // --markdown FILE
    std::string from;                  // --from FILE.json: re-render a saved run instead of measuring
    bool cublas = false;               // --cublas: add cuBLAS through PyTorch
    std::size_t host_blas_max = 4096;  // OpenBLAS line only up to this dimension
    std::vector<HostMemory> host_memory;  // --host-memory copy|zero-copy|both: also time end to end (labs 03–08)
    int repeat = 0;                    // --repeat N: time exactly N launches (0: the default plan)
};

int bench_command(const CommonOptions& common, const BenchOptions& options);

struct HintOptions {
    std::string lab;          // "04"
    std::string level = "1";  // 1 a question, 2 the idea, 3 the shape of the code
};

// `lab hint NN [LEVEL]` (hint_command.cpp): adds the subcommand to `app`, filling `options`.
CLI::App* add_hint_subcommand(CLI::App& app, HintOptions& options);
int hint_command(const CommonOptions& common, const HintOptions& options);

}  // namespace course
