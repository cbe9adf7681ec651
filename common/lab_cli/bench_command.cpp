// `lab bench`: every chosen lab over its size sweep, beside the device's
// measured limits (copy bandwidth, FMA peak) and the libraries (CLBlast on the
// device, OpenBLAS on the host, cuBLAS through PyTorch when asked), in one table.
#include "util/atomic_file.hpp"
#include "bench/bench_report.hpp"
#include "bench/clblast_sgemm.hpp"
#include "commands.hpp"
#include "end_to_end_table.hpp"
#include "harness/timing_spread.hpp"
#include "bench/copy_bandwidth.hpp"
#include "util/course_root.hpp"
#include "bench/fma_peak.hpp"
#include "bench/launch_floor.hpp"
#include "bench/gpu_state.hpp"
#include "bench/share_meaning.hpp"
#include "bench/host_sgemm.hpp"
#include "problems/lab_session.hpp"
#include "util/text_escape.hpp"
#include "util/user_error.hpp"
#include "bench/vendor_blas.hpp"

#include <fmt/format.h>

#include <map>

#include "progress_line.hpp"

#include <algorithm>
#include <optional>
#include <filesystem>

#include <unistd.h>

namespace course {

namespace {

std::string host_name() {
    char name[256] = {};
    gethostname(name, sizeof name - 1);
    return name;
}

// The work item of the sweep: a lab at one size.
struct SweepStep {
    std::string folder;
    std::string size;
};

std::vector<std::string> chosen_labs(const std::filesystem::path& root, const std::vector<std::string>& asked) {
    if (asked.empty()) return lab_folders(root);
    std::vector<std::string> folders;
    for (const auto& lab : asked) folders.push_back(find_lab_folder(root, lab));
    return folders;
}

// Prints the report and writes the files the options ask for.
int publish(const BenchReport& report, const BenchOptions& options) {
    print_bench_table(report);
    if (!options.json.empty()) {
        write_file_atomically(options.json, bench_json(report));
        fmt::print("\nfigures written to {}\n", options.json);
    }
    if (!options.markdown.empty()) {
        write_file_atomically(options.markdown, bench_markdown(report));
        fmt::print("table written to {}\n", options.markdown);
    }
    if (!options.plot.empty()) {
        const std::string why_not = draw_bench_plot(report, options.plot);
        fmt::print("{}\n", why_not.empty() ? "plot written to " + options.plot : "no plot: " + why_not);
    }
    const bool all_right =
        std::all_of(report.figures.begin(), report.figures.end(), [](const BenchFigure& f) { return f.correct; });
    return all_right ? 0 : 1;
}

// A line for something the device or a library did (no lab): copy, FMA peak, CLBlast, OpenBLAS, cuBLAS.
BenchFigure device_line(const std::string& what, const std::string& size, double seconds, double rate, RateUnit unit,
                        double percent_of_limit = 0.0, const std::string& limit = {}) {
    BenchFigure figure;
    figure.what = what;
    figure.size = size;
    figure.seconds = seconds;
    figure.rate = rate;
    figure.unit = unit;
    figure.percent_of_limit = percent_of_limit;
    figure.limit = limit;
    return figure;
}

// A GFLOP/s figure's share of the run's compute limit, and on a GPU of the datasheet peak too.
void share_gflops(const BenchReport& report, BenchFigure& figure) {
    figure.percent_of_limit = 100.0 * figure.rate / report.compute_limit_gflops;
    figure.limit = report.compute_limit_name;
    if (report.datasheet_gflops > 0.0) figure.percent_of_datasheet = 100.0 * figure.rate / report.datasheet_gflops;
}

// The GPU's state now under `when`, where nvidia-smi answers (a GPU of NVIDIA's); nothing elsewhere.
void sample_gpu_state(BenchReport& report, const std::string& when) {
    if (report.device_class != "GPU") return;
    if (const auto state = read_gpu_state()) report.gpu_states.emplace_back(when, *state);
}

// The state of one `lab bench` run: the device, the kernel set, the report so far, the progress line.
struct BenchRun {
    std::filesystem::path root;
    ClSession session;
    KernelSet kernels;
    bool solutions = false;  // solutions/: their [bench_defines] (tuned extras) are added
    std::vector<LabSpec> specs;
    BenchReport report;
    ProgressLine progress;
    std::size_t total_steps = 2;  // the copy and the FMA peak; the launch floor on a GPU; each lab's sizes
    std::size_t step = 0;
    int repeat = 0;  // --repeat
    std::vector<BenchFigure> same_bytes_copies;  // the copy beside each bandwidth-bound figure
    std::vector<ProblemSize> matmul_sizes;  // for the library lines, once per size, in the order first seen
    EndToEndTable end_to_end;               // --host-memory: each product end to end, beside its kernel time

    void tick(const std::string& what) { progress.show(fmt::format("[{}/{}] {}", ++step, total_steps, what)); }
};

// The device, the kernel set (solutions/ unless --mine or a submission), the labs and the report's heading.
void start_bench(BenchRun& run, const CommonOptions& common, const BenchOptions& options) {
    run.root = course_root(common.root);
    run.repeat = options.repeat;
    run.session = open_session(common.device);
    if (run.session.device.device_class == DeviceClass::gpu) ++run.total_steps;  // the launch floor
    std::string set_name = options.submission;
    if (set_name.empty()) {
        set_name = options.mine || !std::filesystem::is_directory(run.root / "solutions") ? "labs" : "solutions";
    }
    run.kernels = kernel_set(run.root, set_name);
    run.solutions = run.kernels.kind == KernelSetKind::solutions;
    run.report.device = run.session.device.label();
    run.report.device_class = device_class_name(run.session.device.device_class);
    run.report.driver = run.session.device.driver_version;
    run.report.date = utc_timestamp();
    run.report.host = host_name();
    run.report.kernels = run.kernels.display_dir;
    run.report.methods.emplace_back(
        "OpenCL kernels", "each launch's own profiling events, which hold the driver's launch of the kernel besides "
                          "the kernel (on a GPU an empty kernel's, the launch floor, is measured), after warm-ups; "
                          "median of the launches; the same buffers every launch, output refilled before each "
                          "(outside the timed interval)");
    sample_gpu_state(run.report, "before");
    for (const auto& folder : chosen_labs(run.root, options.labs)) {
        run.specs.push_back(load_lab(run.root, folder, run.session.device.device_class));
        apply_device_defaults(run.specs.back(), run.root, run.session);  // this device's tuned.toml entries
        run.total_steps += options.sizes.empty() ? run.specs.back().bench_sizes.size() : options.sizes.size();
    }
}

void add_copy_lines(BenchReport& report, const CopyBandwidth& copy, const std::string& size) {
    report.figures.push_back(device_line("copy kernel (kernels/benchmarks/copy.cl)", size, copy.copy_kernel_seconds,
                                         copy.copy_kernel_gbs(), RateUnit::gigabytes_per_second));
    report.figures.push_back(device_line("clEnqueueCopyBuffer", size, copy.copy_buffer_seconds, copy.copy_buffer_gbs(),
                                         RateUnit::gigabytes_per_second));
}

// The device's limits, measured first: the FMA peak once, the copy bandwidth at 256 MiB here
// (a transpose's share is of a copy of its own bytes, timed beside it: time_beside_copy).
void measure_limits(BenchRun& run) {
    run.tick("copy bandwidth");
    const CopyBandwidth copy = measure_copy_bandwidth(run.session, run.root, 256u << 20);
    run.report.copy_gbs = copy.best_gbs();
    add_copy_lines(run.report, copy, "256 MiB");
    run.tick("FMA peak");
    const ComputeLimit limit = measure_compute_limit(run.session, run.root);
    run.report.fma_gflops = limit.fma.gflops();
    run.report.compute_limit_gflops = limit.gflops;
    run.report.compute_limit_name = limit.name;
    run.report.figures.push_back(device_line("FMA peak (kernels/benchmarks/fma_peak.cl)", "", limit.fma.seconds,
                                             limit.fma.gflops(), RateUnit::gigaflops_per_second));
    if (limit.blas_gflops > 0.0) {
        const std::size_t n = kCpuLimitBlasSize;
        run.report.figures.push_back(device_line("OpenBLAS sgemm (the same CPU), for the limit",
                                                 size_text({n, n, n}, SizeForm::m_by_k_by_n), limit.blas_seconds,
                                                 limit.blas_gflops, RateUnit::gigaflops_per_second));
        run.report.notes.push_back(cpu_share_caveat());
    }
    if (run.session.device.device_class == DeviceClass::gpu) {  // beside cuBLAS's kernel times (launch_floor.hpp)
        run.tick("launch floor");
        run.report.launch_floor_seconds = measure_launch_floor(run.session, run.root);
    }
    sample_gpu_state(run.report, "after the limits");
    if (!run.report.gpu_states.empty()) {
        const GpuState& state = run.report.gpu_states.back().second;
        const auto units = static_cast<unsigned>(run.session.device.device.getInfo<CL_DEVICE_MAX_COMPUTE_UNITS>());
        run.report.datasheet_gflops = datasheet_fp32_gflops(state, units).value_or(0.0);
        run.report.datasheet_formula = datasheet_formula(state, units);
    }
}

// The faster of the two copies timed beside a lab's kernel, between the kernel's own buffers.
BenchFigure same_bytes_copy_line(const LabSpec& spec, const std::string& size, const CopyBandwidth& copy) {
    const bool buffer_faster = copy.copy_buffer_gbs() >= copy.copy_kernel_gbs();
    const std::string what = fmt::format("{}, lab {}'s buffers", buffer_faster ? "clEnqueueCopyBuffer" : "copy kernel",
                                         spec.number);
    return device_line(what, size, buffer_faster ? copy.copy_buffer_seconds : copy.copy_kernel_seconds,
                       copy.best_gbs(), RateUnit::gigabytes_per_second);
}

// One lab at one size: checked first, then timed with every result checked.
BenchFigure bench_size(BenchRun& run, const LabSpec& spec, LabProblem& problem, const std::string& text) {
    const SizeForm form = spec.size_form();
    const ProblemSize size = parse_problem_size(text, form);
    const bool bandwidth = problem.rate_unit() == RateUnit::gigabytes_per_second;
    BenchFigure figure;
    figure.lab = spec.number;
    figure.what = run.solutions ? "solution" : "kernel";
    figure.size = size_text(size, form);
    figure.unit = problem.rate_unit();
    figure.limit = bandwidth ? "copy bandwidth" : "FMA peak";
    figure.defines = problem.program().defines.summary();
    run.tick(fmt::format("lab {} at {}", spec.number, figure.size));
    if (!problem.check(size, 1).ok) {
        figure.correct = false;
        figure.note = "wrong result: run `lab run " + spec.number + " --size " + text + "`";
        return figure;
    }
    TimingPlan plan = repeated_plan(run.repeat);
    plan.stop_when_wrong = true;
    const TimedLaunch launch = problem.timed_launch(size, 1);
    std::optional<CopyBandwidth> copy;  // bandwidth-bound: the copy of the same bytes, timed beside the kernel
    Timing timing;
    if (bandwidth && launch.same_bytes) {
        const KernelBesideCopy both = time_beside_copy(run.session, run.root, launch, plan);
        timing = both.kernel;
        copy = both.copy;
    } else {
        timing = time_launch(run.session.queue, launch, plan);
    }
    if (!timing.right()) {  // no rate for work not done
        figure.correct = false;
        figure.note = "wrong at the timed size (" + ordinal(timing.wrong_launch) + " timed launch): run `lab run " +
                      spec.number + " --size " + text + "`";
        return figure;
    }
    figure.seconds = timing.median_seconds;
    figure.spread = spread_text(timing);
    figure.rate = problem.work(size) / timing.median_seconds * 1e-9;
    if (copy) {
        figure.percent_of_limit = 100.0 * figure.rate / copy->best_gbs();
        figure.limit = "copy of the same bytes";
        figure.note = share_not_meaningful(run.session.device.device_class, figure.rate, copy->best_gbs(),
                                           relative_spread(timing), 0.0);
        run.same_bytes_copies.push_back(same_bytes_copy_line(spec, figure.size, *copy));
    } else if (bandwidth) {
        figure.percent_of_limit = 100.0 * figure.rate / run.report.copy_gbs;
    } else {
        share_gflops(run.report, figure);
        figure.note = share_not_meaningful(run.session.device.device_class, figure.rate,
                                           run.report.compute_limit_gflops, relative_spread(timing), 0.0);
    }
    const auto same_size = [&](const ProblemSize& s) { return s.m == size.m && s.k == size.k && s.n == size.n; };
    if (!bandwidth && std::none_of(run.matmul_sizes.begin(), run.matmul_sizes.end(), same_size)) {
        run.matmul_sizes.push_back(size);
    }
    return figure;
}

// The lab's kernel built with `defines`, or a figure saying why it did not build.
std::unique_ptr<LabProblem> open_for_bench(BenchRun& run, const LabSpec& spec, const Defines& defines) {
    try {
        return open_lab(run.session, run.root, spec, run.kernels, defines);
    } catch (const UserError& error) {
        BenchFigure figure;
        figure.lab = spec.number;
        figure.what = "(did not build)";
        figure.correct = false;
        const std::string what = printable_text(error.what());  // it may name a file or folder of the user's
        figure.note = what.substr(0, what.find('\n'));
        run.report.figures.push_back(figure);
        return nullptr;
    }
}

// Every size of one lab: its bench sizes, or those typed after --size. Each size is timed at the
// lab's defaults for it ([[defines_by_size]]), with the solution's extras and -D on top; one build
// per distinct set of defines.
void bench_lab(BenchRun& run, const LabSpec& spec, const BenchOptions& options) {
    std::vector<std::string> texts = options.sizes;
    if (texts.empty()) {
        for (const auto& size : spec.bench_sizes) texts.push_back(size.text);
    }
    std::map<std::string, std::unique_ptr<LabProblem>> built;  // by the defines' summary
    for (const auto& text : texts) {
        const ProblemSize size = parse_problem_size(text, spec.size_form());
        Defines defines = spec.defines_for(size);
        if (run.solutions) defines.merge(spec.bench_defines);
        defines.merge(parse_defines(options.defines));
        auto& problem = built[defines.summary()];
        if (!problem) problem = open_for_bench(run, spec, defines);
        if (!problem) return;
        run.report.figures.push_back(bench_size(run, spec, *problem, text));
        if (!options.host_memory.empty() && run.report.figures.back().correct) {
            run.end_to_end.measure("lab " + spec.number, *problem, size, options.host_memory, 1);
        }
    }
}

// The libraries, at every matrix-multiply size the labs ran.
void bench_libraries(BenchRun& run, const BenchOptions& options) {
    std::vector<std::size_t> square_sizes;
    std::sort(run.matmul_sizes.begin(), run.matmul_sizes.end(),
              [](const ProblemSize& x, const ProblemSize& y) { return x.m * x.k * x.n < y.m * y.k * y.n; });
    for (const auto& size : run.matmul_sizes) {
        const std::string shown = size_text(size, SizeForm::m_by_k_by_n);
        const double work =
            2.0 * static_cast<double>(size.m) * static_cast<double>(size.n) * static_cast<double>(size.k);
        run.progress.show(fmt::format("libraries at {}", shown));
        std::string why;
        if (const auto seconds = clblast_sgemm_seconds(run.session, size, &why)) {
            BenchFigure line = device_line("CLBlast sgemm (this device)", shown, *seconds, work / *seconds * 1e-9,
                                           RateUnit::gigaflops_per_second);
            share_gflops(run.report, line);
            run.report.figures.push_back(line);
        }
        if (std::max({size.m, size.n, size.k}) <= options.host_blas_max) {
            const double seconds = host_sgemm_seconds(size);
            run.report.figures.push_back(device_line("OpenBLAS sgemm (host CPU)", shown, seconds, work / seconds * 1e-9,
                                                     RateUnit::gigaflops_per_second));
        }
        if (size.m == size.n && size.n == size.k) square_sizes.push_back(size.m);
    }
    if (!options.cublas || square_sizes.empty()) return;
    run.progress.show("cuBLAS through PyTorch");
    std::string why;
    for (const auto& v : cublas_sgemm(run.root, square_sizes, why)) {
        BenchFigure line = device_line(v.library, size_text({v.n, v.n, v.n}, SizeForm::m_by_k_by_n), v.seconds,
                                       v.gflops, RateUnit::gigaflops_per_second);
        share_gflops(run.report, line);
        run.report.figures.push_back(line);
        const bool said = std::any_of(run.report.methods.begin(), run.report.methods.end(),
                                      [](const auto& method) { return method.first == "cuBLAS"; });
        if (!said) run.report.methods.emplace_back("cuBLAS", v.method);
    }
    if (!why.empty()) fmt::print(stderr, "no cuBLAS line: {}\n", why);
    for (auto& note : kernel_time_notes(run.report)) run.report.notes.push_back(std::move(note));
}

// A note under the table when the GPU's clock fell during the run or it was throttled for a reason
// other than idling (gpu_state.hpp).
void note_gpu_state(BenchReport& report) {
    if (report.gpu_states.size() < 2) return;
    const GpuState& busy = report.gpu_states[report.gpu_states.size() >= 3 ? 1 : 0].second;
    const std::string why = gpu_state_warning(busy, report.gpu_states.back().second);
    if (!why.empty()) report.notes.push_back("GPU: " + why + "; figures measured late in the run may be low");
}

}  // namespace

int bench_command(const CommonOptions& common, const BenchOptions& options) {
    if (!options.from.empty()) {
        BenchReport saved = bench_report_from_json(options.from);
        share_against_cpu_limit(saved);  // a CPU run saved before its limit included OpenBLAS
        return publish(saved, options);
    }
    BenchRun run;
    start_bench(run, common, options);
    measure_limits(run);
    for (const auto& spec : run.specs) bench_lab(run, spec, options);
    for (const auto& line : run.same_bytes_copies) run.report.figures.push_back(line);
    bench_libraries(run, options);
    share_against_cpu_limit(run.report);
    sample_gpu_state(run.report, "after");
    note_gpu_state(run.report);
    run.progress.show("");
    const int published = publish(run.report, options);
    run.end_to_end.print();
    return published;
}

}  // namespace course
