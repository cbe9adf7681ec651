#include "memory_run.hpp"

#include "description/lab_spec.hpp"
#include "description/memory_subject.hpp"
#include "harness/kernel_source.hpp"
#include "lab_opening.hpp"
#include "memory_child.hpp"
#include "problems/lab_session.hpp"
#include "util/course_root.hpp"
#include "util/user_error.hpp"

#include "memory_lens/counting/launch_counts.hpp"
#include "memory_lens/report/memory_html.hpp"
#include "memory_lens/report/memory_table.hpp"
#include "memory_lens/report/run_faults.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <optional>
#include <fstream>
#include <sstream>

#include <unistd.h>

namespace course {

namespace fs = std::filesystem;

namespace {

// A kernel that never ends would hold the command forever: a work-item in a loop that does not end
// is stopped by the plugin within seconds; anything else that runs this long is stopped here.
constexpr int kMemoryRunSeconds = 300;
// A size whose work (m·k·n) is this many times the [memory] size's is announced with its cost;
// this many more is refused (minutes to hours under the simulator).
constexpr double kCostlyFactor = 4;
constexpr double kRefusedFactor = 64;

// What the memory run simulates: the size, the defines, the kernel file.
struct MemoryPlan {
    LabSpec spec;
    ProblemSize size;
    std::string size_text;  // "64x64": as --size takes it
    Defines defines;
    KernelSet kernels;
};

MemoryPlan plan_memory_run(const fs::path& root, const RunOptions& options) {
    MemoryPlan plan;
    // The report models a GPU, so the lab's GPU defaults are the ones it starts from.
    plan.spec = load_lab(root, options.lab, DeviceClass::gpu);
    if (!plan.spec.memory && options.sizes.empty()) {
        throw UserError({"a [memory] table (the memory report's size and defines) in " + plan.spec.file(),
                         "the file has none and no --size was given", "lab " + plan.spec.number,
                         "give a small size (a few work-groups), e.g. --size 64x64x64, and -D for the defines"});
    }
    plan.size_text = options.sizes.empty() ? plan.spec.memory->size.text : options.sizes.back();
    plan.size = lab_size(plan.size_text, plan.spec.size_form()).size;
    plan.defines = plan.spec.memory ? plan.spec.memory->defines : plan.spec.defines;
    plan.defines.merge(parse_defines(options.defines));
    plan.kernels = kernel_set(root, kernel_set_name(options.solution, options.submission));
    return plan;
}

std::string plugin_path() {
#ifdef MEMORY_LENS_PLUGIN
    const std::string path = MEMORY_LENS_PLUGIN;
#else
    const std::string path;
#endif
    if (path.empty() || !fs::exists(path)) {
        throw UserError({"the memory-lens Oclgrind plugin, built beside the course",
                         path.empty() ? "this build has none (liboclgrind-dev was not installed when it was set up)"
                                      : "no file " + path,
                         "build/common/memory_lens/",
                         "sudo apt-get install liboclgrind-dev llvm-14-dev, then meson setup --reconfigure build "
                         "&& meson compile -C build"});
    }
    return path;
}

// The child command: this program's `run` under Oclgrind, one size, one define set, no timing.
std::vector<std::string> child_command(const CommonOptions& common, const RunOptions& options,
                                       const MemoryPlan& plan) {
    // Local memory as labcheck gives Oclgrind (its 32 KiB default is less than labs 05-06 use on a GPU).
    std::vector<std::string> argv = {"oclgrind", "--data-races", "--local-mem-size", "262144", "--plugins", plugin_path(),
                                     fs::read_symlink("/proc/self/exe")};
    if (!common.root.empty()) argv.insert(argv.end(), {"--root", common.root});
    // The simulator's own limits (memory_child.hpp) bound the run, not --no-timing's step limit.
    argv.insert(argv.end(), {"run", options.lab, "--size", plan.size_text, "--no-timing", "--step-limit", "0"});
    if (options.solution) argv.push_back("--solution");
    if (!options.submission.empty()) argv.insert(argv.end(), {"--submission", options.submission});
    for (const Define& define : plan.defines.items()) argv.insert(argv.end(), {"-D", define.name + "=" + define.value});
    return argv;
}

std::string file_text(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

memory_lens::ReportSubject subject_of(const MemoryPlan& plan, const std::string& display_path) {
    return memory_subject(plan.spec, plan.size, plan.defines, display_path);
}

struct TempDir {
    fs::path path;
    TempDir() {
        std::string pattern = (fs::temp_directory_path() / "lab-memory-XXXXXX").string();
        if (mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("could not make a temporary folder");
        path = pattern;
    }
    ~TempDir() {
        std::error_code ignored;
        fs::remove_all(path, ignored);
    }
};

// One lab's kernel measured under Oclgrind: its plan, and the report when the kernel ran.
struct MemoryMeasure {
    MemoryPlan plan;
    std::string display;  // the kernel file as messages name it
    std::string source;   // its text
    int status = 0;       // the run's exit status (0: the kernel ran and was right)
    std::string log;      // what the run printed
    std::optional<memory_lens::MemoryReport> report;
};

// Why the simulation was stopped: a work-item that ran away (a loop), or the time limit (the size).
UserError stopped_error(const MemoryChildEnd& end, const MemoryMeasure& measure, const std::string& lab) {
    const MemoryPlan& plan = measure.plan;
    if (end.ending == ChildEnding::runaway) {
        const std::string where = end.runaway_line == 0 ? measure.display
                                                        : fmt::format("{}:{}", measure.display, end.runaway_line);
        return UserError({"every work-item to reach a barrier or its end",
                          fmt::format("a work-item ran {} instructions without reaching either, at line {}: a loop "
                                      "that does not end (a condition no work-item changes, or one that waits for "
                                      "another work-item), whatever the size; the simulation was stopped",
                                      end.runaway_instructions, end.runaway_line),
                          where, "make every loop's condition change with the loop (`lab run " + lab +
                                     " --no-timing` checks the kernel on your device)"});
    }
    return UserError({fmt::format("the simulation to finish within {} s at {}", kMemoryRunSeconds, plan.size_text),
                      end.groups_total == 0
                          ? "it was stopped before a work-group finished: a loop that does not end (one with a "
                            "barrier inside), or very large work-groups"
                          : fmt::format("it was stopped after {} of {} work-groups: the size is too large for the "
                                        "simulator",
                                        end.groups_done, end.groups_total),
                      measure.display,
                      plan.spec.memory ? "run it at the lab's [memory] size: drop --size (" +
                                             plan.spec.memory->size.text + ")"
                                       : "give a smaller --size (a few work-groups)"});
}

MemoryMeasure measure_memory(const CommonOptions& common, const RunOptions& options) {
    MemoryMeasure measure;
    measure.plan = plan_memory_run(course_root(common.root), options);
    const MemoryPlan& plan = measure.plan;
    measure.display = plan.kernels.display(plan.spec.folder, plan.spec.kernel_file);
    measure.source = file_text(plan.kernels.file(plan.spec.folder, plan.spec.kernel_file));
    TempDir scratch;
    const MemoryChildEnd end =
        run_memory_child(child_command(common, options, plan),
                         {scratch.path / "report.json", scratch.path / "progress", scratch.path / "run.log"},
                         options.warp, kMemoryRunSeconds);
    measure.status = end.status;
    measure.log = file_text(scratch.path / "run.log");
    if (end.ending != ChildEnding::exited) throw stopped_error(end, measure, options.lab);
    if (fs::exists(scratch.path / "report.json")) {
        measure.report = memory_lens::report_from_json(nlohmann::json::parse(file_text(scratch.path / "report.json")));
        if (measure.report->launches.empty()) throw std::runtime_error("the memory report has no kernel launch");
    }
    return measure;
}

// The labs of the ladder: the matrix products, in the order their ideas come.
constexpr const char* kLadderLabs[] = {"03", "04", "05", "06", "08"};

// The kernel's report printed: what went wrong first, when the run was wrong, then its table
// (marked as taken from a wrong run). Its exit status.
int print_measure(const MemoryMeasure& measure, const std::string& html_file, const std::string& lab) {
    if (!measure.report) {
        fmt::print("\nThe kernel did not run under Oclgrind{}; what it printed:\n{}\n",
                   measure.status == 0 ? "" : fmt::format(" (exit status {})", measure.status), measure.log);
        return measure.status == 0 ? 2 : measure.status;
    }
    const std::vector<memory_lens::RunFault> faults = memory_lens::run_faults(measure.log, measure.status);
    const std::string faults_text = faults.empty() ? "" : memory_lens::run_faults_text(faults, measure.display, lab);
    if (!faults.empty()) fmt::print("\n{}", faults_text);
    const memory_lens::ReportSubject subject = subject_of(measure.plan, measure.display);
    const memory_lens::LaunchCounts& launch = measure.report->launches.front();
    fmt::print("\n{}{}", faults.empty() ? "" : memory_lens::wrong_run_banner(),
               memory_lens::memory_table_text(measure.source, launch, measure.report->warp, subject));
    if (!html_file.empty()) {
        std::ofstream(html_file) << memory_lens::memory_html(measure.source, launch, measure.report->warp, subject,
                                                             faults_text);
        fmt::print("wrote {}\n", html_file);
    }
    if (faults.empty()) return measure.status;
    fmt::print("\n{}", memory_lens::wrong_run_banner());
    return measure.status != 0 ? measure.status : 1;
}

double work_of(const ProblemSize& size) {
    return static_cast<double>(size.m) * static_cast<double>(size.k) * static_cast<double>(size.n);
}

// The run's cost against the [memory] size's (which takes seconds): said when large, refused when
// far larger. Returns the words for the heading.
std::string cost_words(const MemoryPlan& plan, const std::string& lab) {
    if (!plan.spec.memory) return "";
    const ProblemSize usual = lab_size(plan.spec.memory->size.text, plan.spec.size_form()).size;
    const double factor = work_of(plan.size) / work_of(usual);
    if (factor > kRefusedFactor) {
        throw UserError({fmt::format("a size within {}x the work of the lab's [memory] size {} for the simulator",
                                     kRefusedFactor, plan.spec.memory->size.text),
                         fmt::format("--size {}: {:.0f}x its work (work-items times the size), minutes to hours under "
                                     "Oclgrind",
                                     plan.size_text, factor),
                         "lab run " + lab + " --memory",
                         "drop --size (the figures per output element and per multiply-add hardly change with the "
                         "size), or time the large size on your device: lab run " + lab + " --size " + plan.size_text});
    }
    if (factor > kCostlyFactor) {
        return fmt::format("{:.0f}x the work of the [memory] size {}: expect about {:.0f}x its time, progress below",
                           factor, plan.spec.memory->size.text, factor);
    }
    return "seconds to a minute";
}

void print_heading(const CommonOptions& common, const RunOptions& options) {
    const MemoryPlan plan = plan_memory_run(course_root(common.root), options);
    fmt::print("lab {}: {} — memory report, simulated under Oclgrind at {} with {} ({})\n", plan.spec.number,
               plan.spec.title, plan.size_text, plan.defines.summary(), cost_words(plan, options.lab));
    std::fflush(stdout);
}

// `--memory --versus NAME=VALUE...`: the kernel at its defines and again with these on top, each
// report in turn, then their totals side by side.
int memory_versus(const CommonOptions& common, const RunOptions& options) {
    if (options.versus.kind != VersusKind::defines) {
        throw UserError({"--versus NAME=VALUE defines with --memory (a second configuration of your kernel)",
                         "--versus " + versus_text(options.versus), "lab run " + options.lab + " --memory",
                         "time your kernel against it with `lab run " + options.lab + " --versus " +
                             versus_text(options.versus) + "`; compare memory reports of two configurations with "
                             "--memory --versus NAME=VALUE (e.g. TILE_SIZE=8), or run --memory on each kernel file"});
    }
    RunOptions other = options;
    other.defines.insert(other.defines.end(), options.versus.defines.begin(), options.versus.defines.end());
    other.memory_html.clear();
    print_heading(common, options);
    const MemoryMeasure first = measure_memory(common, options);
    const int first_status = print_measure(first, "", options.lab);
    fmt::print("\n");
    print_heading(common, other);
    const MemoryMeasure second = measure_memory(common, other);
    const int second_status = print_measure(second, "", options.lab);
    if (first.report && second.report && !options.memory_html.empty()) {
        // The page of the first configuration, its worst request drawn beside the second's.
        const std::vector<memory_lens::RunFault> faults = memory_lens::run_faults(first.log, first.status);
        std::ofstream(options.memory_html) << memory_lens::memory_html(
            first.source, first.report->launches.front(), first.report->warp, subject_of(first.plan, first.display),
            faults.empty() ? "" : memory_lens::run_faults_text(faults, first.display, options.lab),
            &second.report->launches.front(), second.plan.defines.summary());
        fmt::print("wrote {}\n", options.memory_html);
    }
    if (first.report && second.report) {
        fmt::print("\n{}", memory_lens::versus_totals_text(first.report->launches.front(),
                                                            subject_of(first.plan, first.display),
                                                            second.report->launches.front(),
                                                            subject_of(second.plan, second.display)));
    }
    return first_status != 0 ? first_status : second_status;
}

}  // namespace

int memory_run(const CommonOptions& common, const RunOptions& options) {
    if (!options.versus.empty()) return memory_versus(common, options);
    print_heading(common, options);
    const MemoryMeasure measure = measure_memory(common, options);
    return print_measure(measure, options.memory_html, options.lab);
}

int memory_ladder(const CommonOptions& common, const LadderOptions& options) {
    const fs::path root = course_root(common.root);
    const std::vector<std::string> course_labs = lab_folders(root);
    std::vector<memory_lens::LadderRow> rows;
    int status = 0;
    for (const char* lab : kLadderLabs) {
        const bool in_course = std::any_of(course_labs.begin(), course_labs.end(),
                                           [&](const std::string& folder) { return folder.rfind(lab, 0) == 0; });
        if (!in_course) continue;
        RunOptions run;
        run.lab = lab;
        run.solution = options.solution;
        run.submission = options.submission;
        run.warp = options.warp;
        fmt::print(stderr, "lab {}: simulating under Oclgrind...\n", lab);
        const MemoryMeasure measure = measure_memory(common, run);
        memory_lens::LadderRow row;
        row.lab = lab;
        row.title = measure.plan.spec.title;
        const memory_lens::ReportSubject subject = subject_of(measure.plan, measure.display);
        row.size = size_text(measure.plan.size, measure.plan.spec.size_form());
        row.multiply_adds = subject.multiply_adds;
        if (measure.report) {
            row.totals = memory_lens::totals_of(measure.report->launches.front());
            row.l1_load_sectors = measure.report->launches.front().l1_load_sectors;
        }
        if (!measure.report || !memory_lens::run_faults(measure.log, measure.status).empty()) {
            row.problem = fmt::format("did not run right under Oclgrind: `lab run {} --memory{}` says why", lab,
                                      options.solution ? " --solution" : "");
            status = measure.status == 0 ? 1 : measure.status;
        }
        rows.push_back(row);
    }
    fmt::print("{}", memory_lens::ladder_table_text(rows, options.warp));
    return status;
}

}  // namespace course
