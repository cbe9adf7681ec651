#include "bench/bench_svg.hpp"

#include "util/text_escape.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <map>
#include <vector>

namespace course {

namespace {

struct Point {
    double n = 0, rate = 0;
};

// Plot area inside the picture; the legend sits to its right.
constexpr double kLeft = 80, kTop = 50, kWidth = 620, kHeight = 420, kLegendX = 730;
constexpr const char* kColours[] = {"#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b",
                                    "#e377c2", "#7f7f7f", "#bcbd22", "#17becf", "#000000", "#aa3377"};


// One series per lab ("lab 06") and per library line, in GFLOP/s against the first dimension.
std::map<std::string, std::vector<Point>> series_of(const BenchReport& report) {
    std::map<std::string, std::vector<Point>> series;
    for (const auto& f : report.figures) {
        if (!f.correct || f.unit != RateUnit::gigaflops_per_second || f.size.empty() || f.rate <= 0) continue;
        const double n = std::atof(f.size.c_str());
        if (n > 0) series[f.lab.empty() ? f.what : "lab " + f.lab].push_back({n, f.rate});
    }
    for (auto& [name, points] : series)
        std::sort(points.begin(), points.end(), [](const Point& a, const Point& b) { return a.n < b.n; });
    return series;
}

// A logarithmic axis from the data's range, widened to whole powers of `base`.
struct LogAxis {
    double low, high;  // exponents
    double base;
    double at(double value, double length) const {
        return (std::log(value) / std::log(base) - low) / (high - low) * length;
    }
};

LogAxis axis_for(double smallest, double largest, double base) {
    const double low = std::floor(std::log(smallest) / std::log(base));
    const double high = std::max(low + 1, std::ceil(std::log(largest) / std::log(base)));
    return {low, high, base};
}

std::string grid(const LogAxis& x, const LogAxis& y) {
    std::string svg;
    for (double e = x.low; e <= x.high; ++e) {
        const double px = kLeft + x.at(std::pow(x.base, e), kWidth);
        svg += fmt::format("<line x1=\"{0:.1f}\" y1=\"{1}\" x2=\"{0:.1f}\" y2=\"{2}\" stroke=\"#ddd\"/>"
                           "<text x=\"{0:.1f}\" y=\"{3}\" text-anchor=\"middle\">{4:.0f}</text>\n",
                           px, kTop, kTop + kHeight, kTop + kHeight + 18, std::pow(x.base, e));
    }
    for (double e = y.low; e <= y.high; ++e) {
        const double py = kTop + kHeight - y.at(std::pow(y.base, e), kHeight);
        svg += fmt::format("<line x1=\"{0}\" y1=\"{1:.1f}\" x2=\"{2}\" y2=\"{1:.1f}\" stroke=\"#ddd\"/>"
                           "<text x=\"{3}\" y=\"{4:.1f}\" text-anchor=\"end\">{5:g}</text>\n",
                           kLeft, py, kLeft + kWidth, kLeft - 6, py + 4, std::pow(y.base, e));
    }
    return svg;
}

std::string line(const std::vector<Point>& points, const LogAxis& x, const LogAxis& y, const char* colour) {
    std::string path, marks;
    for (const auto& p : points) {
        const double px = kLeft + x.at(p.n, kWidth), py = kTop + kHeight - y.at(p.rate, kHeight);
        path += fmt::format("{}{:.1f},{:.1f}", path.empty() ? "" : " ", px, py);
        marks += fmt::format("<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"3.5\" fill=\"{}\"/>", px, py, colour);
    }
    return fmt::format("<polyline points=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"2\"/>{}\n", path, colour,
                       marks);
}

}  // namespace

std::optional<std::string> bench_svg(const BenchReport& report) {
    const auto series = series_of(report);
    if (series.empty()) return std::nullopt;
    double n_min = 1e300, n_max = 0, r_min = 1e300, r_max = 0;
    for (const auto& [name, points] : series) {
        for (const auto& p : points) {
            n_min = std::min(n_min, p.n), n_max = std::max(n_max, p.n);
            r_min = std::min(r_min, p.rate), r_max = std::max(r_max, p.rate);
        }
    }
    const LogAxis x = axis_for(n_min, n_max, 2), y = axis_for(r_min, r_max, 10);
    std::string svg = fmt::format(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"960\" height=\"540\" font-family=\"sans-serif\" "
        "font-size=\"12\">\n<rect width=\"100%\" height=\"100%\" fill=\"#fff\"/>\n"
        "<text x=\"{}\" y=\"24\" font-size=\"14\">{} — GFLOP/s per lab ({})</text>\n",
        kLeft, html_escaped(report.device), html_escaped(report.date));
    svg += grid(x, y);
    svg += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">n (matrix size, first dimension)</text>\n",
                       kLeft + kWidth / 2, kTop + kHeight + 40);
    svg += fmt::format("<text transform=\"translate(24,{}) rotate(-90)\" text-anchor=\"middle\">GFLOP/s</text>\n",
                       kTop + kHeight / 2);
    std::size_t i = 0;
    for (const auto& [name, points] : series) {
        const char* colour = kColours[i % (sizeof kColours / sizeof kColours[0])];
        svg += line(points, x, y, colour);
        svg += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"14\" height=\"3\" fill=\"{}\"/>"
                           "<text x=\"{}\" y=\"{}\">{}</text>\n",
                           kLegendX, kTop + 20.0 * i + 4, colour, kLegendX + 20, kTop + 20.0 * i + 9, html_escaped(name));
        ++i;
    }
    return svg + "</svg>\n";
}

}  // namespace course
