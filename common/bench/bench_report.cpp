#include "bench/bench_report.hpp"

#include "bench/bench_svg.hpp"
#include "bench/share_meaning.hpp"

#include "util/atomic_file.hpp"
#include "util/duration_text.hpp"
#include "util/user_error.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdlib>
#include <chrono>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include <unistd.h>

namespace course {

std::string utc_timestamp() {
    const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
    std::tm parts{};
    gmtime_r(&now, &parts);
    char text[32];
    std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &parts);
    return text;
}

std::string unit_text(const BenchFigure& figure) {
    return figure.unit ? rate_unit_text(*figure.unit) : "";
}

namespace {

BenchFigure figure_from_json(const nlohmann::json& f) {
    BenchFigure figure;
    figure.lab = f.at("lab").get<std::string>();
    figure.what = f.at("what").get<std::string>();
    figure.size = f.at("size").get<std::string>();
    figure.seconds = f.at("seconds").get<double>();
    figure.rate = f.at("rate").get<double>();
    const auto unit = f.at("unit").get<std::string>();
    figure.unit = rate_unit_from_text(unit);
    if (!unit.empty() && !figure.unit) throw std::runtime_error("a figure has the unknown unit \"" + unit + "\"");
    figure.percent_of_limit = f.at("percent_of_limit").get<double>();
    figure.limit = f.at("limit").get<std::string>();
    figure.defines = f.at("defines").get<std::string>();
    figure.correct = f.at("correct").get<bool>();
    figure.note = f.at("note").get<std::string>();
    figure.spread = f.value("spread", "");  // runs saved before spreads were recorded have none
    figure.percent_of_datasheet = f.value("percent_of_datasheet", 0.0);
    return figure;
}

std::string share_text(const BenchFigure& f) {
    if (!f.correct || f.percent_of_limit <= 0.0) return "";
    std::string text = fmt::format("{:.0f}% of {}", f.percent_of_limit, f.limit);
    if (f.percent_of_datasheet > 0.0) text += fmt::format(", {:.0f}% of datasheet", f.percent_of_datasheet);
    return text;
}

nlohmann::json gpu_state_json(const GpuState& s) {
    return {{"name", s.name},
            {"sm_mhz", s.sm_mhz},
            {"memory_mhz", s.memory_mhz},
            {"max_sm_mhz", s.max_sm_mhz},
            {"temperature_c", s.temperature_c},
            {"power_w", s.power_w},
            {"throttle_reasons", s.throttle},
            {"throttle_text", throttle_text(s.throttle)},
            {"compute_capability", s.compute_capability}};
}

GpuState gpu_state_from_json(const nlohmann::json& j) {
    return {j.at("name").get<std::string>(),        j.at("sm_mhz").get<double>(),
            j.at("memory_mhz").get<double>(),        j.at("max_sm_mhz").get<double>(),
            j.at("temperature_c").get<double>(),     j.at("power_w").get<double>(),
            j.at("throttle_reasons").get<std::string>(), j.at("compute_capability").get<std::string>()};
}

// The run's limits in one sentence, as the table's heading and the Markdown's first line say them.
std::string limits_text(const BenchReport& r) {
    std::string text = fmt::format("copy {:.1f} GB/s, FMA peak {:.1f} GFLOP/s", r.copy_gbs, r.fma_gflops);
    if (r.compute_limit_gflops > 0.0 && r.compute_limit_name != "FMA peak") {
        text += fmt::format("; GFLOP/s shared against the {} ({:.1f} GFLOP/s)", r.compute_limit_name,
                            r.compute_limit_gflops);
    }
    if (r.launch_floor_seconds > 0.0) {
        text += fmt::format("; launch floor {:.1f} µs (an empty kernel's event)", r.launch_floor_seconds * 1e6);
    }
    if (r.datasheet_gflops > 0.0) {
        text += fmt::format("; datasheet FP32 peak {:.1f} GFLOP/s ({})", r.datasheet_gflops, r.datasheet_formula);
    }
    return text;
}

// The rate cell of the Markdown table: the rate, or why there is none (no rate for work not done).
std::string markdown_rate(const BenchFigure& f) {
    if (f.correct) return fmt::format("{:.1f} {}", f.rate, unit_text(f));
    return f.note.rfind("wrong at the timed size", 0) == 0 ? "wrong at the timed size" : "wrong result";
}

}  // namespace

void print_bench_table(const BenchReport& report) {
    fmt::print("\n{} ({}), driver {}\n", report.device, report.device_class, report.driver);
    fmt::print("limits measured in this run: {}\n\n", limits_text(report));
    fmt::print("{:<4} {:<34} {:<16} {:>11} {:>6} {:>15}  {}\n", "lab", "what", "size", "time", "spread", "rate",
               "share of limit");
    std::string last_lab = "?";
    for (const auto& f : report.figures) {
        if (f.lab != last_lab && !last_lab.empty() && last_lab != "?") fmt::print("\n");
        last_lab = f.lab;
        const std::string rate = f.correct ? fmt::format("{:.1f} {}", f.rate, unit_text(f)) : std::string("WRONG");
        const std::string share = share_text(f);
        fmt::print("{:<4} {:<34} {:<16} {:>11} {:>6} {:>15}  {}{}\n", f.lab.empty() ? "--" : f.lab, f.what, f.size,
                   f.correct ? duration_text(f.seconds) : "", f.correct ? f.spread : "", rate, share,
                   f.note.empty() ? "" : "  " + f.note);
    }
    fmt::print("\n{}", bench_footer(report));
}

namespace {

// "±3%" as 0.03; 0 for "±?" or no spread.
double spread_fraction(const std::string& spread) {
    const auto digits = spread.find_first_of("0123456789.");
    return digits == std::string::npos ? 0.0 : std::atof(spread.c_str() + digits) / 100.0;
}

bool says_not_meaningful(const std::string& note) {
    return note.rfind("share not meaningful", 0) == 0;
}

}  // namespace

void share_against_cpu_limit(BenchReport& report) {
    if (report.device_class != "CPU") return;
    double best = std::max(report.fma_gflops, report.compute_limit_gflops);
    for (const auto& f : report.figures) {
        if (f.what.rfind("OpenBLAS", 0) == 0 && f.correct) best = std::max(best, f.rate);
    }
    const std::string old_name = report.compute_limit_name;
    if (best <= report.compute_limit_gflops && old_name == kCpuLimitName) return;
    for (auto& f : report.figures) {
        if ((f.limit != old_name && f.limit != kCpuLimitName) || !f.correct || f.percent_of_limit <= 0.0) continue;
        f.percent_of_limit = 100.0 * f.rate / best;
        f.limit = kCpuLimitName;
        if (!f.lab.empty() && (f.note.empty() || says_not_meaningful(f.note))) {
            f.note = share_not_meaningful(DeviceClass::cpu, f.rate, best, spread_fraction(f.spread), 0.0);
        }
    }
    report.compute_limit_gflops = best;
    report.compute_limit_name = kCpuLimitName;
    if (std::find(report.notes.begin(), report.notes.end(), cpu_share_caveat()) == report.notes.end()) {
        report.notes.push_back(cpu_share_caveat());
    }
}

std::string bench_footer(const BenchReport& report) {
    std::string text;
    for (const auto& [side, method] : report.methods) text += fmt::format("timed: {}: {}\n", side, method);
    for (const auto& [when, state] : report.gpu_states) {
        text += fmt::format("GPU state {}: {}\n", when, gpu_state_text(state));
    }
    for (const auto& note : report.notes) text += fmt::format("note: {}\n", note);
    return text;
}

std::string bench_markdown(const BenchReport& report) {
    std::string text =
        fmt::format("Device: {} ({}), driver {}; measured {} on {}. Limits in the same run: {}.\n\n", report.device,
                    report.device_class, report.driver, report.date, report.host, limits_text(report));
    text += "| lab | what | size | time | spread | rate | share of limit |\n|---|---|---|---|---|---|---|\n";
    for (const auto& f : report.figures) {
        const std::string rate = markdown_rate(f);
        std::string share = share_text(f);
        if (says_not_meaningful(f.note)) share += (share.empty() ? "" : " — ") + f.note;
        text += fmt::format("| {} | {} | {} | {} | {} | {} | {} |\n", f.lab.empty() ? "–" : f.lab, f.what, f.size,
                            f.correct && f.seconds > 0.0 ? duration_text(f.seconds) : "", f.correct ? f.spread : "",
                            rate, share);
    }
    std::string footer = bench_footer(report);
    if (!footer.empty()) {
        std::string lines;
        std::istringstream in(footer);
        for (std::string line; std::getline(in, line);) lines += "- " + line + "\n";
        text += "\n" + lines;
    }
    return text;
}

std::string bench_json(const BenchReport& report) {
    nlohmann::json figures = nlohmann::json::array();
    for (const auto& f : report.figures) {
        figures.push_back({{"lab", f.lab},
                           {"what", f.what},
                           {"size", f.size},
                           {"seconds", f.seconds},
                           {"rate", f.rate},
                           {"unit", unit_text(f)},
                           {"percent_of_limit", f.percent_of_limit},
                           {"limit", f.limit},
                           {"defines", f.defines},
                           {"correct", f.correct},
                           {"note", f.note},
                           {"spread", f.spread},
                           {"percent_of_datasheet", f.percent_of_datasheet}});
    }
    nlohmann::json states = nlohmann::json::array();
    for (const auto& [when, state] : report.gpu_states) states.push_back({{"when", when}, {"state", gpu_state_json(state)}});
    nlohmann::json methods = nlohmann::json::object();
    for (const auto& [side, method] : report.methods) methods[side] = method;
    const nlohmann::json doc = {{"device", report.device},     {"device_class", report.device_class},
                                {"driver", report.driver},     {"date", report.date},
                                {"host", report.host},         {"kernels", report.kernels},
                                {"copy_gbs", report.copy_gbs}, {"fma_gflops", report.fma_gflops},
                                {"compute_limit_gflops", report.compute_limit_gflops},
                                {"compute_limit_name", report.compute_limit_name},
                                {"launch_floor_seconds", report.launch_floor_seconds},
                                {"datasheet_fp32_gflops", report.datasheet_gflops},
                                {"datasheet_formula", report.datasheet_formula},
                                {"gpu_states", states},      {"methods", methods},
                                {"notes", report.notes},     {"figures", figures}};
    return doc.dump(2) + "\n";
}

BenchReport bench_report_from_json(const std::string& path) {
    std::ifstream in(path);
    BenchReport report;
    try {
        if (!in) throw std::runtime_error("the file cannot be opened");
        const auto doc = nlohmann::json::parse(in);
        report.device = doc.at("device").get<std::string>();
        report.device_class = doc.at("device_class").get<std::string>();
        report.driver = doc.at("driver").get<std::string>();
        report.date = doc.at("date").get<std::string>();
        report.host = doc.at("host").get<std::string>();
        report.kernels = doc.at("kernels").get<std::string>();
        report.copy_gbs = doc.at("copy_gbs").get<double>();
        report.fma_gflops = doc.at("fma_gflops").get<double>();
        report.compute_limit_gflops = doc.value("compute_limit_gflops", report.fma_gflops);
        report.compute_limit_name = doc.value("compute_limit_name", std::string("FMA peak"));
        report.launch_floor_seconds = doc.value("launch_floor_seconds", 0.0);
        report.datasheet_gflops = doc.value("datasheet_fp32_gflops", 0.0);
        report.datasheet_formula = doc.value("datasheet_formula", std::string());
        const nlohmann::json states = doc.value("gpu_states", nlohmann::json::array());
        for (const auto& s : states) {
            report.gpu_states.emplace_back(s.at("when").get<std::string>(), gpu_state_from_json(s.at("state")));
        }
        const nlohmann::json methods = doc.value("methods", nlohmann::json::object());  // items() needs it alive
        for (const auto& [side, method] : methods.items()) {
            report.methods.emplace_back(side, method.get<std::string>());
        }
        report.notes = doc.value("notes", std::vector<std::string>{});
        for (const auto& f : doc.at("figures")) {
            report.figures.push_back(figure_from_json(f));
        }
    } catch (const std::exception& e) {
        throw UserError({"a JSON file written by `lab bench --json`", e.what(), path,
                         "pass the file `lab bench --json FILE` wrote"});
    }
    return report;
}

std::string draw_bench_plot(const BenchReport& report, const std::string& svg_path) {
    const auto svg = bench_svg(report);
    if (!svg) return "no GFLOP/s figures to plot (run matrix-multiplication labs)";
    write_file_atomically(svg_path, *svg);
    return {};
}

}  // namespace course
