// `lab`: the course's runner. `lab devices`, `lab run NN`, ... Every
// subcommand is a thin layer over the harness in common/.
#include "commands.hpp"
#include "memory_run.hpp"
#include "end_to_end_table.hpp"
#include "harness/kernel_launch.hpp"
#include "util/edition.hpp"
#include "util/text_escape.hpp"
#include "util/user_error.hpp"

#include <fmt/format.h>
#include <CLI/CLI.hpp>

namespace course {
namespace {

// --host-memory: checked and turned into modes while the command line is read,
// so a misspelt mode is refused before anything is built or timed.
void add_host_memory_option(CLI::App& cmd, std::vector<HostMemory>& modes, const std::string& help) {
    cmd.add_option_function<std::string>(
           "--host-memory", [&modes](const std::string& text) { modes = host_memory_modes(text); }, help)
        ->check(CLI::IsMember({"copy", "zero-copy", "both"}));
}

CLI::App* add_run_subcommand(CLI::App& app, RunOptions& run) {
    auto* cmd = app.add_subcommand("run", "check a lab's kernel at its sizes, then time it");
    cmd->add_option("lab", run.lab, "lab number, e.g. 02")->required();
    auto* solution =
        cmd->add_flag("--solution", run.solution, "run the instructor's solution (solutions/) instead of labs/");
    cmd->add_option("--submission", run.submission, "run kernels from a folder laid out like labs/")->excludes(solution);
    cmd->add_option("--size", run.sizes, "size(s) to check, e.g. 37x50 or 64x100x33; the last one is timed");
    cmd->add_option("-D,--define", run.defines, "kernel define NAME=VALUE, e.g. -D TILE_SIZE=32");
    cmd->add_option("--seed", run.seed, "seed of the random inputs");
    cmd->add_flag("--no-timing", run.no_timing, "check only");
    cmd->add_option("--step-limit", run.step_limit,
                    "end a check (one size, one define set) that runs longer than this many seconds, with a message; "
                    "60 with --no-timing, none otherwise; 0: none")
        ->check(CLI::Range(0, 86400));
    cmd->add_flag("--reference-gemm", run.reference_gemm,
                  "lab 07: multiply with the course's reference GEMM (kernels/reference/) instead of your "
                  "lab-06 kernel, as labcheck grades strassen.cl (a student edition has none: your lab-06 "
                  "kernel, with a note)");
    add_host_memory_option(*cmd, run.host_memory, "also time the product end to end: copy, zero-copy or both (labs 03-08)");
    cmd->add_option("--repeat", run.repeat, "time exactly N launches (more launches: a spread to trust)")
        ->check(CLI::Range(4, 10000));
    cmd->add_option_function<std::vector<std::string>>(
           "--versus",
           [&run](const std::vector<std::string>& tokens) {
               try {
                   run.versus = parse_versus(tokens);
               } catch (const UserError& error) {
                   throw CLI::ValidationError("--versus", printable_text(error.what()));
               }
           },
           "also time a second kernel, interleaved, and say whether the difference is above the noise: NAME=VALUE "
           "defines (your kernel again, e.g. THREAD_WORK=4); file:PATH.cl, an earlier version of your kernel file "
           "(defines may follow); lab:NN, another lab's kernel that computes the same (lab:04 beside lab 05; "
           "defines may follow); or 'baseline', the lab's speedup baseline (not in the student edition). With "
           "--memory: NAME=VALUE only, that configuration's memory report too, and the totals side by side")
        ->expected(1, -1);
    cmd->add_flag("--memory", run.memory,
                  "instead of checking and timing: run the kernel once under Oclgrind at the lab's [memory] size "
                  "and print, line by line, its memory requests as a GPU groups them (sectors per request, bank "
                  "conflicts, bytes per output element)");
    cmd->add_option("--memory-html", run.memory_html, "with --memory: also write the report as an annotated page");
    cmd->add_option("--warp", run.warp, "with --memory: work-items per warp (32 NVIDIA, 64 AMD wavefronts)")
        ->check(CLI::Range(1, 1024));
    return cmd;
}

CLI::App* add_ladder_subcommand(CLI::App& app, LadderOptions& ladder) {
    auto* cmd = app.add_subcommand("ladder",
                                   "labs 03 to 06 (and 08) each run once under Oclgrind: one table of their global "
                                   "bytes per multiply-add, as a GPU would request them");
    auto* solution = cmd->add_flag("--solution", ladder.solution, "the instructor's solutions (solutions/) instead of labs/");
    cmd->add_option("--submission", ladder.submission, "kernels from a folder laid out like labs/")->excludes(solution);
    cmd->add_option("--warp", ladder.warp, "work-items per warp (32 NVIDIA, 64 AMD wavefronts)")->check(CLI::Range(1, 1024));
    return cmd;
}

CLI::App* add_bench_subcommand(CLI::App& app, BenchOptions& bench) {
    auto* cmd = app.add_subcommand("bench", "time labs over their size sweeps beside the device's limits");
    cmd->add_option("labs", bench.labs, "lab numbers (default: all)");
    auto* mine = cmd->add_flag("--mine", bench.mine, "time your kernels in labs/ (default: solutions/)");
    cmd->add_option("--submission", bench.submission, "time kernels from a folder laid out like labs/")->excludes(mine);
    cmd->add_option("--size", bench.sizes, "sizes instead of each lab's sweep (one number = square)");
    cmd->add_option("-D,--define", bench.defines, "kernel define NAME=VALUE for every lab");
    cmd->add_option("--json", bench.json, "write every figure, with device, driver and date, to FILE");
    cmd->add_option("--plot", bench.plot, "draw GFLOP/s per lab and size into FILE.svg");
    cmd->add_option("--markdown", bench.markdown, "write the table as Markdown to FILE");
    cmd->add_option("--from", bench.from, "print, plot or convert a saved --json run instead of measuring");
    cmd->add_flag("--cublas", bench.cublas, "add cuBLAS SGEMM through PyTorch (NVIDIA GPUs)");
    cmd->add_option("--repeat", bench.repeat, "time exactly N launches of each kernel (a spread to trust)")
        ->check(CLI::Range(4, 10000));
    add_host_memory_option(*cmd, bench.host_memory,
                           "also time each matrix product end to end: copy, zero-copy or both (labs 03-08)");
    cmd->add_option("--host-blas-max", bench.host_blas_max, "largest dimension timed with OpenBLAS on the host");
    return cmd;
}

CLI::App* add_tune_subcommand(CLI::App& app, TuneOptions& tune) {
    auto* cmd = app.add_subcommand(
        "tune", "time the lab's kernel with every combination of the define values its lab.toml lists under [tune]");
    cmd->add_option("lab", tune.lab, "lab number, e.g. 05")->required();
    auto* solution =
        cmd->add_flag("--solution", tune.solution, "tune the instructor's solution (solutions/) instead of labs/");
    cmd->add_option("--submission", tune.submission, "tune kernels from a folder laid out like labs/")
        ->excludes(solution);
    cmd->add_option("--size", tune.size, "time at this size instead of the lab's time size, e.g. 1024");
    cmd->add_option("-D,--define", tune.defines, "fix a define instead of sweeping it, e.g. -D TILE_K=16");
    cmd->add_option("--values", tune.values,
                    "sweep these values of a define instead of lab.toml's, e.g. --values THREAD_WORK=2,4,8");
    cmd->add_option("--top", tune.top, "show the N fastest (0: all)")->capture_default_str();
    cmd->add_option("--repeat", tune.repeat, "launches of each kernel in the final, interleaved round")
        ->check(CLI::Range(4, 10000));
    cmd->add_option("--recheck", tune.recheck, "time the N fastest again, interleaved, before ranking")
        ->capture_default_str();
    cmd->add_option("--seed", tune.seed, "seed of the random inputs of the checks");
    cmd->add_flag("--save", tune.save,
                  "write the best into labs/NN-name/tuned.toml as this device's defaults (its name and driver): "
                  "lab run, lab bench and labcheck's timing use them on this device");
    return cmd;
}

}  // namespace

int report_errors(const std::function<int()>& command) {
    try {
        return command();
    } catch (const UserError& error) {
        fmt::print(stderr, "error: {}\n", printable_text(error.what()));  // it may quote a file or folder name
        return 2;
    } catch (const cl::Error& error) {
        fmt::print(stderr, "error: OpenCL call {} failed with {}\n  try: `lab devices` to see that the device works\n",
                   error.what(), cl_error_name(error.err()));
        return 2;
    }
}

}  // namespace course

int main(int argc, char** argv) {
    using namespace course;
    CLI::App app{"lab: run, check and time the OpenCL labs of the course"};
    app.require_subcommand(1);
    CommonOptions common;
    app.add_option("--device", common.device,
                   "device index or part of its platform/device name (default: a GPU if present, else PoCL; "
                   "or set LAB_DEVICE)");
    app.add_option("--root", common.root, "the course repository (default: LAB_ROOT, else the source tree)");
    auto* devices = app.add_subcommand("devices", "list the OpenCL devices and which one is used");
    RunOptions run;
    auto* run_cmd = add_run_subcommand(app, run);
    BenchOptions bench;
    auto* bench_cmd = add_bench_subcommand(app, bench);
    TuneOptions tune;
    auto* tune_cmd = add_tune_subcommand(app, tune);
    HintOptions hint;
    auto* hint_cmd = add_hint_subcommand(app, hint);
    LadderOptions ladder;
    auto* ladder_cmd = add_ladder_subcommand(app, ladder);
    fit_help_to_edition(app, {"--solution", "--mine"});  // no solutions/ in the student edition

    CLI11_PARSE(app, argc, argv);
    if (run_cmd->parsed() && (run.memory || !run.memory_html.empty())) {
        return report_errors([&] { return memory_run(common, run); });
    }
    // run and tune run the kernel in a process of their own (crash_guard.hpp) and report there.
    if (run_cmd->parsed()) return run_command(common, run);
    if (tune_cmd->parsed()) return tune_command(common, tune);
    return report_errors([&] {
        if (devices->parsed()) return devices_command(common);
        if (bench_cmd->parsed()) return bench_command(common, bench);
        if (hint_cmd->parsed()) return hint_command(common, hint);
        if (ladder_cmd->parsed()) return memory_ladder(common, ladder);
        return 2;
    });
}
