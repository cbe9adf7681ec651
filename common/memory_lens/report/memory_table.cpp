#include "memory_lens/report/memory_table.hpp"

#include "memory_lens/counting/request_cost.hpp"

#include <fmt/format.h>

#include <algorithm>

#include <sstream>
#include <vector>

namespace memory_lens {

namespace {

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream stream(text);
    for (std::string line; std::getline(stream, line);) lines.push_back(line);
    return lines;
}

// A source line, trimmed and shortened to fit beside the counts; control characters shown as '?'.
std::string shown_source(const std::vector<std::string>& lines, std::uint32_t line) {
    if (line == 0 || line > lines.size()) return "(no line)";
    std::string text = lines[line - 1];
    const auto first = text.find_first_not_of(" \t");
    text = first == std::string::npos ? "" : text.substr(first);
    for (char& c : text) {
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) c = '?';
    }
    return text.size() > 60 ? text.substr(0, 57) + "..." : text;
}

std::string site_row(const Site& site, const SiteCounts& counts, const std::string& source) {
    const double requests = static_cast<double>(counts.requests);
    const std::string what = fmt::format("{} {}", space_name(site.space),
                                         site.direction == Direction::load ? "load" : "store");
    std::string figures;
    if (site.space == Space::global) {
        const double per_request = static_cast<double>(counts.sectors) / requests;
        const double ideal = static_cast<double>(counts.ideal_sectors) / requests;
        figures = fmt::format("{:>6.1f} sectors/req (ideal {:.1f}, {:3.0f}%)", per_request, ideal,
                              counts.sectors ? 100.0 * counts.ideal_sectors / counts.sectors : 100.0);
    } else if (site.space == Space::image) {
        figures = fmt::format("{:>6.0f} bytes/req (texture path)", static_cast<double>(counts.bytes) / requests);
    } else {
        figures = fmt::format("{:>6.1f}-way bank conflict (worst {}-way)  ",
                              static_cast<double>(counts.degree_sum) / requests, counts.degree_worst);
    }
    return fmt::format("  {:>5}  {:<12} {:>8}  {:<42} | {}\n", site.line == 0 ? std::string("?") : std::to_string(site.line),
                       what, counts.requests, figures, source);
}

std::string per(double amount, double count, const char* unit) {
    return count > 0 ? fmt::format(", {:.2f} per {}", amount / count, unit) : "";
}

}  // namespace

std::string totals_text(const LaunchCounts& launch, const ReportSubject& subject) {
    const LaunchTotals totals = totals_of(launch);
    const double global_bytes = static_cast<double>(totals.global_sectors * kSectorBytes);
    const double ideal_bytes = static_cast<double>(totals.global_ideal_sectors * kSectorBytes);
    std::string text = fmt::format("  global memory: {:.0f} bytes in {} sectors{}{} (ideal {:.0f} bytes{})\n",
                                   global_bytes, totals.global_sectors,
                                   per(global_bytes, subject.output_elements, "output element"),
                                   per(global_bytes, subject.multiply_adds, "multiply-add"), ideal_bytes,
                                   per(ideal_bytes, subject.output_elements, "output element"));
    const double load_bytes = static_cast<double>(totals.global_load_sectors * kSectorBytes);
    text += fmt::format("    of which loads: {:.0f} bytes{}{}; stores: {:.0f} bytes\n", load_bytes,
                        per(load_bytes, subject.output_elements, "output element"),
                        per(load_bytes, subject.multiply_adds, "multiply-add"), global_bytes - load_bytes);
    text += fmt::format("  local memory:  {} bytes in {} requests; barriers: {:.1f} per work-group ({} work-groups)\n",
                        totals.local_bytes, totals.local_requests,
                        launch.work_groups ? static_cast<double>(launch.barriers) / launch.work_groups : 0.0,
                        launch.work_groups);
    if (totals.image_requests > 0) {
        text += fmt::format("  images:        {} bytes in {} requests through the texture path{} (its 2D cache is not "
                            "modelled: no sectors are counted for them)\n",
                            totals.image_bytes, totals.image_requests,
                            per(static_cast<double>(totals.image_bytes), subject.multiply_adds, "multiply-add"));
    }
    return text;
}

namespace {

// The worst bank-conflict degree of any local request of the launch (0: no local memory).
std::uint64_t worst_conflict(const LaunchCounts& launch) {
    std::uint64_t worst = 0;
    for (const auto& [site, counts] : launch.sites) {
        if (site.space == Space::local) worst = std::max(worst, counts.degree_worst);
    }
    return worst;
}

// One figure of a launch, as the side-by-side table shows it.
std::vector<std::string> versus_column(const LaunchCounts& launch, const ReportSubject& subject) {
    const LaunchTotals totals = totals_of(launch);
    const double global_bytes = static_cast<double>(totals.global_sectors * kSectorBytes);
    const double load_bytes = static_cast<double>(totals.global_load_sectors * kSectorBytes);
    const auto ratio = [](double value, double over) { return over > 0.0 ? fmt::format("{:.4f}", value / over) : "-"; };
    return {subject.defines.empty() ? "(no defines)" : subject.defines,
            ratio(global_bytes, subject.output_elements),
            ratio(global_bytes, subject.multiply_adds),
            ratio(load_bytes, subject.multiply_adds),
            totals.global_ideal_sectors > 0
                ? fmt::format("{:.0f}%", 100.0 * static_cast<double>(totals.global_ideal_sectors) /
                                             static_cast<double>(totals.global_sectors))
                : "-",
            fmt::format("{}", totals.local_bytes),
            fmt::format("{}-way", worst_conflict(launch)),
            fmt::format("{:.1f}", launch.work_groups ? static_cast<double>(launch.barriers) / launch.work_groups : 0.0),
            fmt::format("{}", launch.work_groups)};
}

}  // namespace

std::string versus_totals_text(const LaunchCounts& first, const ReportSubject& first_subject,
                               const LaunchCounts& second, const ReportSubject& second_subject) {
    const std::vector<std::string> names = {"defines",
                                            "global bytes per output element",
                                            "global bytes per multiply-add",
                                            "of which loads, per multiply-add",
                                            "coalescing (ideal / sectors moved)",
                                            "local bytes",
                                            "worst bank conflict",
                                            "barriers per work-group",
                                            "work-groups"};
    const std::vector<std::string> a = versus_column(first, first_subject), b = versus_column(second, second_subject);
    std::string text = fmt::format("Side by side, at {} (simulated, no cache):\n", first_subject.size);
    for (std::size_t i = 0; i < names.size(); ++i) {
        if (a[i] == "-" && b[i] == "-") continue;  // per multiply-add, for a kernel that does none
        text += fmt::format("  {:<36} {:>28} {:>28}\n", names[i], a[i], b[i]);
    }
    return text;
}

std::string ladder_table_text(const std::vector<LadderRow>& rows, std::uint32_t warp) {
    std::string text = "The ladder: global memory per multiply-add, each lab's kernel once at its [memory] size and GPU "
                       "defaults\n\n";
    text += fmt::format("  {:<4} {:<42} {:<11} {:>12} {:>12} {:>12}\n", "lab", "kernel", "size", "loads", "all global",
                        "images");
    for (const LadderRow& row : rows) {
        const std::string title = row.title.size() > 42 ? row.title.substr(0, 41) + "…" : row.title;
        if (!row.problem.empty() || row.multiply_adds <= 0.0) {
            text += fmt::format("  {:<4} {:<42} {:<11} {}\n", row.lab, title, row.size,
                                row.problem.empty() ? "no multiply-adds to count" : row.problem);
            continue;
        }
        const auto per_fma = [&](double bytes) { return fmt::format("{:.4f}", bytes / row.multiply_adds); };
        text += fmt::format("  {:<4} {:<42} {:<11} {:>12} {:>12} {:>12}\n", row.lab, title, row.size,
                            per_fma(static_cast<double>(row.totals.global_load_sectors * kSectorBytes)),
                            per_fma(static_cast<double>(row.totals.global_sectors * kSectorBytes)),
                            row.totals.image_requests > 0 ? per_fma(static_cast<double>(row.totals.image_bytes)) : "-");
    }
    text += "\nBytes per multiply-add. loads: the global loads' sectors × 32; all global: loads and stores;\n"
            "images: the bytes asked for through the texture path, whose cache is not modelled.\n";
    return text + honesty_line(warp);
}

std::string honesty_line(std::uint32_t warp) {
    return fmt::format(
        "Simulated under Oclgrind: requests, 32-byte sectors and 32 banks counted as an NVIDIA-style GPU groups a "
        "warp's accesses (warps of {}); no cache is modelled and nothing is timed.\n",
        warp);
}

std::string memory_table_text(const std::string& source, const LaunchCounts& launch, std::uint32_t warp,
                              const ReportSubject& subject) {
    const std::vector<std::string> lines = lines_of(source);
    std::string text = fmt::format(
        "memory report: {} at {}, defines {}; kernel {}, {} work-group(s) of {}×{}×{}, warps of {}\n\n",
        subject.kernel_file, subject.size, subject.defines.empty() ? "(none)" : subject.defines, launch.kernel,
        launch.work_groups, launch.local_size[0], launch.local_size[1], launch.local_size[2], warp);
    text += fmt::format("  {:>5}  {:<12} {:>8}  {:<42} | {}\n", "line", "access", "requests", "per request", "source");
    for (const auto& [site, counts] : launch.sites) {
        if (counts.requests > 0) text += site_row(site, counts, shown_source(lines, site.line));
    }
    if (launch.sites.empty()) text += "  (no global or local memory was accessed)\n";
    text += "\n" + totals_text(launch, subject) + "\n" + honesty_line(warp);
    return text;
}

}  // namespace memory_lens
