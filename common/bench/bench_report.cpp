#include "bench/bench_report.hpp"

#include "bench/bench_svg.hpp"

#include "util/atomic_file.hpp"
#include "util/duration_text.hpp"
#include "util/user_error.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <map>

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
    return figure;
}

// The rate cell of the Markdown table: the rate, or why there is none (no rate for work not done).
std::string markdown_rate(const BenchFigure& f) {
    if (f.correct) return fmt::format("{:.1f} {}", f.rate, unit_text(f));
    return f.note.rfind("wrong at the timed size", 0) == 0 ? "wrong at the timed size" : "wrong result";
}

}  // namespace

void print_bench_table(const BenchReport& report) {
    fmt::print("\n{} ({}), driver {}\n", report.device, report.device_class, report.driver);
    fmt::print("limits measured in this run: copy {:.1f} GB/s, FMA peak {:.1f} GFLOP/s\n\n", report.copy_gbs,
               report.fma_gflops);
    fmt::print("{:<4} {:<34} {:<16} {:>11} {:>6} {:>15}  {}\n", "lab", "what", "size", "time", "spread", "rate",
               "share of limit");
    std::string last_lab = "?";
    for (const auto& f : report.figures) {
        if (f.lab != last_lab && !last_lab.empty() && last_lab != "?") fmt::print("\n");
        last_lab = f.lab;
        const std::string rate = f.correct ? fmt::format("{:.1f} {}", f.rate, unit_text(f)) : std::string("WRONG");
        const std::string share =
            f.correct && f.percent_of_limit > 0.0 ? fmt::format("{:.0f}% of {}", f.percent_of_limit, f.limit) : "";
        fmt::print("{:<4} {:<34} {:<16} {:>11} {:>6} {:>15}  {}{}\n", f.lab.empty() ? "--" : f.lab, f.what, f.size,
                   f.correct ? duration_text(f.seconds) : "", f.correct ? f.spread : "", rate, share,
                   f.note.empty() ? "" : "  " + f.note);
    }
}

std::string bench_markdown(const BenchReport& report) {
    std::string text = fmt::format(
        "Device: {} ({}), driver {}; measured {} on {}. Limits in the same run: copy "
        "{:.1f} GB/s, FMA peak {:.1f} GFLOP/s.\n\n",
        report.device, report.device_class, report.driver, report.date, report.host, report.copy_gbs,
        report.fma_gflops);
    text += "| lab | what | size | time | spread | rate | share of limit |\n|---|---|---|---|---|---|---|\n";
    for (const auto& f : report.figures) {
        const std::string rate = markdown_rate(f);
        const std::string share =
            f.correct && f.percent_of_limit > 0.0 ? fmt::format("{:.0f}% of {}", f.percent_of_limit, f.limit) : "";
        text += fmt::format("| {} | {} | {} | {} | {} | {} | {} |\n", f.lab.empty() ? "–" : f.lab, f.what, f.size,
                            f.correct && f.seconds > 0.0 ? duration_text(f.seconds) : "", f.correct ? f.spread : "",
                            rate, share);
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
                           {"spread", f.spread}});
    }
    const nlohmann::json doc = {{"device", report.device},     {"device_class", report.device_class},
                                {"driver", report.driver},     {"date", report.date},
                                {"host", report.host},         {"kernels", report.kernels},
                                {"copy_gbs", report.copy_gbs}, {"fma_gflops", report.fma_gflops},
                                {"figures", figures}};
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
