// `lab bench`: every chosen lab over its size sweep, beside the device's
// measured limits (copy bandwidth, FMA peak) and the libraries (CLBlast on the
// device, OpenBLAS on the host, cuBLAS through PyTorch when asked), in one table.
#include "util/atomic_file.hpp"
#include "bench/bench_report.hpp"
#include "bench/clblast_sgemm.hpp"
#include "commands.hpp"
#include "end_to_end_table.hpp"
#include "bench/copy_bandwidth.hpp"
#include "util/course_root.hpp"
#include "bench/fma_peak.hpp"
#include "bench/host_sgemm.hpp"
#include "problems/lab_session.hpp"
#include "util/user_error.hpp"
#include "bench/vendor_blas.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>

#include <unistd.h>

namespace course {

namespace {

// One line on stderr that rewrites itself, when stderr is a terminal.
class ProgressLine {
public:
    ProgressLine() : live_(isatty(STDERR_FILENO) != 0) {}
    void show(const std::string& text) const {
        if (live_) fmt::print(stderr, "\r\033[K{}", text);
    }
    ~ProgressLine() {
        if (live_) fmt::print(stderr, "\r\033[K");
    }
    ProgressLine(const ProgressLine&) = delete;
    ProgressLine& operator=(const ProgressLine&) = delete;

private:
    bool live_;
};

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

}  // namespace

int bench_command(const CommonOptions& common, const BenchOptions& options) {
    if (!options.from.empty()) return publish(bench_report_from_json(options.from), options);
    const auto root = course_root(common.root);
    ClSession session = open_session(common.device);
    std::string set_name = options.submission;
    if (set_name.empty()) {
        set_name = options.mine || !std::filesystem::is_directory(root / "solutions") ? "labs" : "solutions";
    }
    const KernelSet kernels = kernel_set(root, set_name);
    const bool solutions = set_name == "solutions";

    BenchReport report;
    report.device = session.device.label();
    report.device_class = device_class_name(session.device.device_class);
    report.driver = session.device.driver_version;
    report.date = utc_timestamp();
    report.host = host_name();
    report.kernels = kernels.display_dir;

    ProgressLine progress;
    const auto folders = chosen_labs(root, options.labs);
    std::size_t total_steps = 2, step = 0;
    std::vector<LabSpec> specs;
    for (const auto& folder : folders) {
        specs.push_back(load_lab(root, folder, session.device.device_class));
        total_steps += (options.sizes.empty() ? specs.back().bench_sizes.size() : options.sizes.size());
    }
    const auto tick = [&](const std::string& what) {
        progress.show(fmt::format("[{}/{}] {}", ++step, total_steps, what));
    };

    // The device's limits, measured first: the FMA peak once, the copy bandwidth
    // at 256 MiB here and again at the byte count of every transpose size (a
    // small copy runs below the device's best, so each transpose is compared
    // with a copy of exactly its own bytes).
    tick("copy bandwidth");
    const auto add_copy_lines = [&](const CopyBandwidth& copy, const std::string& size) {
        report.figures.push_back({"", "copy kernel (kernels/benchmarks/copy.cl)", size, copy.copy_kernel_seconds,
                                  copy.copy_kernel_gbs(), "GB/s", 0, "", "", true, ""});
        report.figures.push_back({"", "clEnqueueCopyBuffer", size, copy.copy_buffer_seconds, copy.copy_buffer_gbs(),
                                  "GB/s", 0, "", "", true, ""});
    };
    const CopyBandwidth copy = measure_copy_bandwidth(session, root, 256u << 20);
    report.copy_gbs = copy.best_gbs();
    add_copy_lines(copy, "256 MiB");
    tick("FMA peak");
    const FmaPeak peak = measure_fma_peak(session, root);
    report.fma_gflops = peak.gflops();
    report.figures.push_back({"", "FMA peak (kernels/benchmarks/fma_peak.cl)", "", peak.seconds, peak.gflops(),
                              "GFLOP/s", 0, "", "", true, ""});
    std::vector<std::pair<double, CopyBandwidth>> copies_by_bytes;  // copy lines for the transpose sizes
    const auto copy_of = [&](double bytes) {
        for (const auto& [b, c] : copies_by_bytes) {
            if (b == bytes) return c;
        }
        copies_by_bytes.emplace_back(bytes, measure_copy_bandwidth(session, root, static_cast<std::size_t>(bytes)));
        return copies_by_bytes.back().second;
    };

    std::vector<ProblemSize> matmul_sizes;  // for the library lines, once per size, in the order first seen
    EndToEndTable end_to_end;               // --host-memory
    for (const auto& spec : specs) {
        Defines defines;
        if (solutions) defines.merge(spec.bench_defines);
        for (const auto& text : options.defines) {
            const Define d = parse_define(text);
            defines.set(d.name, d.value);
        }
        std::unique_ptr<LabProblem> problem;
        try {
            problem = open_lab(session, root, spec, kernels, defines);
        } catch (const UserError& error) {
            report.figures.push_back({spec.number, "(did not build)", "", 0, 0, "", 0, "", "", false,
                                      std::string(error.what()).substr(0, std::string(error.what()).find('\n'))});
            continue;
        }
        const SizeForm form = problem->size_form();
        const bool bandwidth = problem->rate_unit() == "GB/s";
        for (const auto& text : options.sizes.empty() ? spec.bench_sizes : options.sizes) {
            const ProblemSize size = parse_problem_size(text, form);
            const std::string shown = size_text(size, form);
            tick(fmt::format("lab {} at {}", spec.number, shown));
            BenchFigure figure{spec.number,
                               kernels.display_dir == "solutions" ? "solution" : "kernel",
                               shown,
                               0,
                               0,
                               problem->rate_unit(),
                               0,
                               bandwidth ? "copy bandwidth" : "FMA peak",
                               problem->program().defines.summary(),
                               true,
                               ""};
            const SizeVerdict verdict = problem->check(size, 1);
            if (!verdict.ok) {
                figure.correct = false;
                figure.note = "wrong result: run `lab run " + spec.number + " --size " + text + "`";
                report.figures.push_back(figure);
                continue;
            }
            TimingPlan plan;
            plan.stop_when_wrong = true;
            const Timing timing = time_launch(session.queue, problem->timed_launch(size, 1), plan);
            if (!timing.right()) {  // no rate for work not done
                figure.correct = false;
                figure.note = "wrong at the timed size (" + ordinal(timing.wrong_launch) +
                              " timed launch): run `lab run " + spec.number + " --size " + text + "`";
                report.figures.push_back(figure);
                continue;
            }
            figure.seconds = timing.median_seconds;
            figure.rate = problem->work(size) / timing.median_seconds * 1e-9;
            figure.percent_of_limit =
                100.0 * figure.rate / (bandwidth ? copy_of(problem->work(size) / 2).best_gbs() : report.fma_gflops);
            if (bandwidth) figure.limit = "copy of the same bytes";
            report.figures.push_back(figure);
            if (!options.host_memory.empty()) {
                end_to_end.measure("lab " + spec.number, *problem, size, host_memory_modes(options.host_memory), 1);
            }
            const auto same_size = [&](const ProblemSize& s) {
                return s.m == size.m && s.k == size.k && s.n == size.n;
            };
            if (!bandwidth && std::none_of(matmul_sizes.begin(), matmul_sizes.end(), same_size)) {
                matmul_sizes.push_back(size);
            }
        }
    }

    for (const auto& [bytes, c] : copies_by_bytes) {
        add_copy_lines(c, fmt::format("{:.0f} MiB", bytes / (1u << 20)));
    }

    // The libraries, at every matrix-multiply size the labs ran.
    std::vector<std::size_t> square_sizes;
    std::sort(matmul_sizes.begin(), matmul_sizes.end(),
              [](const ProblemSize& x, const ProblemSize& y) { return x.m * x.k * x.n < y.m * y.k * y.n; });
    for (const auto& size : matmul_sizes) {
        const std::string shown = size_text(size, SizeForm::m_by_k_by_n);
        const double work =
            2.0 * static_cast<double>(size.m) * static_cast<double>(size.n) * static_cast<double>(size.k);
        progress.show(fmt::format("libraries at {}", shown));
        std::string why;
        if (const auto seconds = clblast_sgemm_seconds(session, size, &why)) {
            report.figures.push_back({"", "CLBlast sgemm (this device)", shown, *seconds, work / *seconds * 1e-9,
                                      "GFLOP/s", 100.0 * work / *seconds * 1e-9 / report.fma_gflops, "FMA peak", "",
                                      true, ""});
        }
        if (std::max({size.m, size.n, size.k}) <= options.host_blas_max) {
            const double seconds = host_sgemm_seconds(size);
            report.figures.push_back({"", "OpenBLAS sgemm (host CPU)", shown, seconds, work / seconds * 1e-9, "GFLOP/s",
                                      0, "", "", true, ""});
        }
        if (size.m == size.n && size.n == size.k) square_sizes.push_back(size.m);
    }
    if (options.cublas && !square_sizes.empty()) {
        progress.show("cuBLAS through PyTorch");
        std::string why;
        for (const auto& v : cublas_sgemm(root, square_sizes, why)) {
            report.figures.push_back({"", v.library, size_text({v.n, v.n, v.n}, SizeForm::m_by_k_by_n), v.seconds,
                                      v.gflops, "GFLOP/s", 100.0 * v.gflops / report.fma_gflops, "FMA peak", "", true,
                                      ""});
        }
        if (!why.empty()) fmt::print(stderr, "no cuBLAS line: {}\n", why);
    }

    progress.show("");
    const int published = publish(report, options);
    end_to_end.print();
    return published;
}

}  // namespace course
