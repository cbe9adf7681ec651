#include "memory_lens/report/memory_html.hpp"

#include "memory_lens/counting/request_cost.hpp"

#include <fmt/format.h>

#include <map>
#include <sstream>
#include <vector>

namespace memory_lens {

namespace {

std::string escaped(const std::string& text) {
    std::string out;
    for (const char c : text) {
        switch (c) {
            case '&': out += "&amp;"; break;
            case '<': out += "&lt;"; break;
            case '>': out += "&gt;"; break;
            case '"': out += "&quot;"; break;
            default: out += (static_cast<unsigned char>(c) < 0x20 && c != '\t' && c != '\n') ? '?' : c;
        }
    }
    return out;
}

std::string counts_words(const Site& site, const SiteCounts& counts) {
    const double requests = static_cast<double>(counts.requests);
    const std::string what = fmt::format("{} {}", space_name(site.space),
                                         site.direction == Direction::load ? "load" : "store");
    if (site.space == Space::image) return fmt::format("{}: {} req through the texture path", what, counts.requests);
    if (site.space == Space::global) {
        return fmt::format("{}: {} req, {:.1f} sectors/req (ideal {:.1f})", what, counts.requests,
                           counts.sectors / requests, counts.ideal_sectors / requests);
    }
    return fmt::format("{}: {} req, {:.1f}-way (worst {}-way)", what, counts.requests, counts.degree_sum / requests,
                       counts.degree_worst);
}

// The worst site's one request as a grid: a column per lane, a row per sector (or bank).
std::string request_picture(const Site& site, const SiteCounts& counts, std::uint32_t warp) {
    const bool global = site.space == Space::global;
    std::uint64_t rows = global ? 1 : kBankCount;
    for (const auto& [lane, where] : counts.worst_lanes) rows = std::max(rows, where + 1);
    rows = std::min<std::uint64_t>(rows, 64);
    const int cell = 10;
    std::string svg = fmt::format("<svg xmlns='http://www.w3.org/2000/svg' width='{}' height='{}'>", warp * cell + 60,
                                  rows * cell + 20);
    for (const auto& [lane, where] : counts.worst_lanes) {
        if (where >= rows) continue;
        svg += fmt::format("<rect x='{}' y='{}' width='{}' height='{}' fill='#c0392b'/>", 60 + lane * cell,
                           where * cell, cell - 1, cell - 1);
    }
    svg += fmt::format("<text x='0' y='{}' font-size='10'>{} ↓</text>", 10, global ? "sector" : "bank");
    svg += fmt::format("<text x='60' y='{}' font-size='10'>lane → (0 to {})</text></svg>", rows * cell + 15, warp - 1);
    return fmt::format("<h2>The worst request, line {}: {}</h2><p>Each red cell: a lane (column) touching a {} "
                       "(row). {}</p>{}",
                       site.line, escaped(counts_words(site, counts)), global ? "32-byte sector" : "bank",
                       global ? "Few rows: coalesced; a staircase over many rows: one sector per lane."
                              : "One row with many cells in it: those lanes wait for one bank in turn.",
                       svg);
}

}  // namespace

std::string memory_html(const std::string& source, const LaunchCounts& launch, std::uint32_t warp,
                        const ReportSubject& subject) {
    std::map<std::uint32_t, std::vector<std::string>> notes;
    const Site* worst = nullptr;
    double worst_ratio = 0;
    for (const auto& [site, counts] : launch.sites) {
        notes[site.line].push_back(counts_words(site, counts));
        if (site.space == Space::image) continue;
        const double ratio = site.space == Space::global
                                 ? static_cast<double>(counts.sectors) / std::max<std::uint64_t>(counts.ideal_sectors, 1)
                                 : static_cast<double>(counts.degree_worst);
        if (ratio > worst_ratio) worst_ratio = ratio, worst = &site;
    }
    std::string html = fmt::format(
        "<!DOCTYPE html><html><head><meta charset='utf-8'><title>memory report: {0}</title><style>"
        "body{{font-family:sans-serif}} pre{{margin:0}} td{{vertical-align:top;padding:0 8px}} "
        ".n{{color:#888;text-align:right}} .c{{color:#1a5276}}</style></head><body>"
        "<h1>Memory report: {0}</h1><p>At {1}, defines {2}; kernel {3}, {4} work-group(s), warps of {5}.</p><table>",
        escaped(subject.kernel_file), escaped(subject.size), escaped(subject.defines), escaped(launch.kernel),
        launch.work_groups, warp);
    std::istringstream lines(source);
    std::uint32_t number = 0;
    for (std::string line; std::getline(lines, line);) {
        ++number;
        std::string note;
        for (const std::string& words : notes[number]) note += escaped(words) + "<br>";
        html += fmt::format("<tr><td class='n'>{}</td><td><pre>{}</pre></td><td class='c'>{}</td></tr>", number,
                            escaped(line), note);
    }
    html += "</table><pre>" + escaped(totals_text(launch, subject)) + "</pre>";
    if (worst != nullptr) html += request_picture(*worst, launch.sites.at(*worst), warp);
    html += "<p><em>" + escaped(honesty_line(warp)) + "</em></p></body></html>\n";
    return html;
}

}  // namespace memory_lens
