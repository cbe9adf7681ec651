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
    return count > 0 ? fmt::format(", {} per {}", exact(amount / count), unit) : "";
}

// "36864 bytes, 9 per output element, 0.1875 per multiply-add"
std::string bytes_per(double bytes, const ReportSubject& subject) {
    return fmt::format("{:.0f} bytes{}{}", bytes, per(bytes, subject.output_elements, "output element"),
                       per(bytes, subject.multiply_adds, "multiply-add"));
}

double per_group(const LaunchCounts& launch, std::uint64_t count) {
    return launch.work_groups ? static_cast<double>(count) / static_cast<double>(launch.work_groups) : 0.0;
}

}  // namespace

std::string exact(double value) {
    std::string text = fmt::format("{:.6f}", value);
    text.erase(text.find_last_not_of('0') + 1);
    if (!text.empty() && text.back() == '.') text.pop_back();
    return text == "-0" ? "0" : text;
}

std::string totals_text(const LaunchCounts& launch, const ReportSubject& subject) {
    const LaunchTotals totals = totals_of(launch);
    const double global_bytes = static_cast<double>(totals.global_sectors * kSectorBytes);
    const double ideal_bytes = static_cast<double>(totals.global_ideal_sectors * kSectorBytes);
    std::string text = fmt::format("  global memory: {} bytes in {} sectors{}{}\n", exact(global_bytes),
                                   totals.global_sectors, per(global_bytes, subject.output_elements, "output element"),
                                   per(global_bytes, subject.multiply_adds, "multiply-add"));
    text += fmt::format("    coalescing ideal: {}\n",
                        bytes_per(ideal_bytes, subject));
    if (subject.least_bytes > 0) {
        text += fmt::format("    least traffic:    {}\n",
                            bytes_per(subject.least_bytes, subject));
    }
    const double load_bytes = static_cast<double>(totals.global_load_sectors * kSectorBytes);
    text += fmt::format("    of which loads:   {}; stores: {:.0f} bytes\n", bytes_per(load_bytes, subject),
                        global_bytes - load_bytes);
    if (launch.l1_load_sectors > 0) {
        text += fmt::format("    loads, L1 model:  {}\n      (a model, not a measurement: each sector a work-group loads "
                            "fetched once while it runs;\n      it assumes {} KiB of L1 for one work-group)\n",
                            bytes_per(static_cast<double>(launch.l1_load_sectors * kSectorBytes), subject),
                            exact(static_cast<double>(launch.l1_largest_group_sectors * kSectorBytes) / 1024.0));
    }
    text += fmt::format("  local memory:  {} bytes in {} requests; barriers: {} per work-group ({} work-groups)\n",
                        totals.local_bytes, totals.local_requests, exact(per_group(launch, launch.barriers)),
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

// The worst bank-conflict degree of any local request of the launch ("–": no local memory).
std::string worst_conflict(const LaunchCounts& launch) {
    std::uint64_t worst = 0;
    for (const auto& [site, counts] : launch.sites) {
        if (site.space == Space::local && counts.requests > 0) worst = std::max(worst, counts.degree_worst);
    }
    return worst == 0 ? "–" : fmt::format("{}-way", worst);
}

// The defines of `mine` that `theirs` does not have alike: what tells two configurations apart.
std::string differing_defines(const std::string& mine, const std::string& theirs) {
    std::istringstream words(mine);
    const std::string others = " " + theirs + " ";
    std::string differ;
    for (std::string word; words >> word;) {
        if (others.find(" " + word + " ") == std::string::npos) differ += (differ.empty() ? "" : " ") + word;
    }
    return differ.empty() ? "(same defines)" : differ;
}

// A column heading of at most `width` characters.
std::string fitted(const std::string& text, std::size_t width) {
    return text.size() <= width ? text : text.substr(0, width - 3) + "...";
}

// One figure of a launch, as the side-by-side table shows it.
std::vector<std::string> versus_column(const LaunchCounts& launch, const ReportSubject& subject) {
    const LaunchTotals totals = totals_of(launch);
    const double global_bytes = static_cast<double>(totals.global_sectors * kSectorBytes);
    const double load_bytes = static_cast<double>(totals.global_load_sectors * kSectorBytes);
    const auto ratio = [](double value, double over) { return over > 0.0 ? exact(value / over) : "-"; };
    return {"",  // the heading: versus_totals_text fills it
            ratio(global_bytes, subject.output_elements),
            ratio(global_bytes, subject.multiply_adds),
            ratio(load_bytes, subject.multiply_adds),
            totals.global_ideal_sectors > 0
                ? fmt::format("{:.0f}%", 100.0 * static_cast<double>(totals.global_ideal_sectors) /
                                             static_cast<double>(totals.global_sectors))
                : "-",
            fmt::format("{}", totals.local_bytes),
            worst_conflict(launch),
            exact(per_group(launch, launch.barriers)),
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
    std::vector<std::string> a = versus_column(first, first_subject), b = versus_column(second, second_subject);
    // Headed by what differs, so that long define lists still fit 100 columns; both in full above.
    a[0] = fitted(differing_defines(first_subject.defines, second_subject.defines), 28);
    b[0] = fitted(differing_defines(second_subject.defines, first_subject.defines), 28);
    std::string text = fmt::format("Side by side, at {} (simulated, no cache):\n  first:  {}\n  second: {}\n",
                                   first_subject.size, first_subject.defines, second_subject.defines);
    for (std::size_t i = 0; i < names.size(); ++i) {
        if (a[i] == "-" && b[i] == "-") continue;  // per multiply-add, for a kernel that does none
        text += fmt::format("  {:<36} {:>28} {:>28}\n", names[i], a[i], b[i]);
    }
    return text;
}

std::string ladder_table_text(const std::vector<LadderRow>& rows, std::uint32_t warp) {
    std::string text = "The ladder: global memory per multiply-add, each lab's kernel once at its [memory] size and GPU "
                       "defaults\n\n";
    text += fmt::format("  {:<4} {:<34} {:<11} {:>10} {:>10} {:>10} {:>10}\n", "lab", "kernel", "size", "L1 model",
                        "loads", "all global", "images");
    for (const LadderRow& row : rows) {
        const std::string title = row.title.size() > 34 ? row.title.substr(0, 33) + "…" : row.title;
        if (!row.problem.empty() || row.multiply_adds <= 0.0) {
            text += fmt::format("  {:<4} {:<34} {:<11} {}\n", row.lab, title, row.size,
                                row.problem.empty() ? "no multiply-adds to count" : row.problem);
            continue;
        }
        const auto per_fma = [&](double bytes) { return fmt::format("{:.4f}", bytes / row.multiply_adds); };
        text += fmt::format("  {:<4} {:<34} {:<11} {:>10} {:>10} {:>10} {:>10}\n", row.lab, title, row.size,
                            per_fma(static_cast<double>(row.l1_load_sectors * kSectorBytes)),
                            per_fma(static_cast<double>(row.totals.global_load_sectors * kSectorBytes)),
                            per_fma(static_cast<double>(row.totals.global_sectors * kSectorBytes)),
                            row.totals.image_requests > 0 ? per_fma(static_cast<double>(row.totals.image_bytes)) : "-");
    }
    text += "\nBytes per multiply-add. loads: the global loads' sectors × 32; all global: loads and stores;\n"
            "images: the bytes asked for through the texture path, whose cache is not modelled; L1 model: the\n"
            "loads if an L1 kept every sector a work-group loads until it ends (a model, beside the no-cache\n"
            "figures: `lab run NN --memory` says the cache size it assumes).\n";
    return text + honesty_line(warp);
}

std::string honesty_line(std::uint32_t warp) {
    return fmt::format(
        "Simulated under Oclgrind: requests, 32-byte sectors and 32 banks counted as an NVIDIA-style GPU groups a "
        "warp's accesses (warps of {}); no cache is modelled and nothing is timed.\n",
        warp);
}

std::string figures_legend() {
    return "What the figures are:\n"
           "  requests       a line's warp-wide accesses: each execution of it by a warp's active work-items\n"
           "  sectors/req    32-byte sectors a global request touched; ideal: its distinct bytes / 32, rounded up\n"
           "  %              ideal sectors over those touched: 100% is fully coalesced\n"
           "  N-way          the most distinct 4-byte words one of 32 banks serves in a local request (a word\n"
           "                 read by many work-items is a broadcast: it counts once). Wider accesses are served\n"
           "                 in phases of 128 bytes (float4, vload4: 8 work-items a phase; float2: 16), and N\n"
           "                 is the worst phase's: 32 work-items reading a row of float4s is 1-way; \"–\": none\n"
           "  bytes/req      the distinct bytes of the texels one read_image*/write_image* call of a warp asks for\n"
           "  global memory  sectors × 32 bytes, loads and stores, per output element and per multiply-add\n"
           "  coalescing ideal  the same requests, each in its fewest sectors: what better coalescing can reach\n"
           "  least traffic  each input read once, the output written once: what reusing data can reach\n"
           "  L1 model       global loads if an L1 kept every sector a work-group loads until it ends\n"
           "  local bytes    the distinct bytes of each local request, summed (a broadcast counts once)\n"
           "  barriers       barriers the work-groups executed, over the work-groups\n";
}

// A warning when the work-group is larger than NVIDIA's OpenCL ran the course's kernels with.
std::string work_group_warning(const LaunchCounts& launch) {
    const std::uint64_t items = launch.local_size[0] * launch.local_size[1] * launch.local_size[2];
    if (items <= kGpuWorkGroupLimit) return "";
    return fmt::format("Warning: a work-group of {} work-items. NVIDIA's OpenCL ran the course's kernels with at most "
                       "{}\n(the H100: labs 02 and 04 were refused with 1024): on a GPU this define set may not run "
                       "at all; `lab run` on your GPU says.\n\n",
                       items, kGpuWorkGroupLimit);
}

std::string memory_table_text(const std::string& source, const LaunchCounts& launch, std::uint32_t warp,
                              const ReportSubject& subject) {
    const std::vector<std::string> lines = lines_of(source);
    std::string text = fmt::format(
        "memory report: {} at {}, defines {}; kernel {}, {} work-group(s) of {}×{}×{}, warps of {}\n\n",
        subject.kernel_file, subject.size, subject.defines.empty() ? "(none)" : subject.defines, launch.kernel,
        launch.work_groups, launch.local_size[0], launch.local_size[1], launch.local_size[2], warp);
    text += work_group_warning(launch);
    text += fmt::format("  {:>5}  {:<12} {:>8}  {:<42} | {}\n", "line", "access", "requests", "per request", "source");
    for (const auto& [site, counts] : launch.sites) {
        if (counts.requests > 0) text += site_row(site, counts, shown_source(lines, site.line));
    }
    if (launch.sites.empty()) text += "  (no global or local memory was accessed)\n";
    text += "\n" + totals_text(launch, subject) + "\n" + figures_legend() + "\n" + honesty_line(warp);
    return text;
}

}  // namespace memory_lens
