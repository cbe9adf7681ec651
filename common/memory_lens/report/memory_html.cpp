#include "memory_lens/report/memory_html.hpp"
#include "memory_lens/report/run_faults.hpp"

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

// How the request's lanes fall: the row (bank or sector) most lanes share, and how many rows in all.
struct LaneSpread {
    std::uint64_t busiest_row = 0;
    std::uint64_t lanes_there = 0;
    std::uint64_t rows_touched = 0;
};

LaneSpread lane_spread(const SiteCounts& counts) {
    std::map<std::uint64_t, std::uint64_t> lanes_per_row;
    for (const auto& [lane, where] : counts.worst_lanes) lanes_per_row[where] += 1;
    LaneSpread spread;
    spread.rows_touched = lanes_per_row.size();
    for (const auto& [row, lanes] : lanes_per_row) {
        if (lanes > spread.lanes_there) spread.lanes_there = lanes, spread.busiest_row = row;
    }
    return spread;
}

// One sentence that reads the worst request.
std::string worst_sentence(const Site& site, const SiteCounts& counts) {
    const LaneSpread spread = lane_spread(counts);
    if (site.space == Space::global) {
        const std::uint64_t fewest = counts.requests ? (counts.ideal_sectors + counts.requests - 1) / counts.requests : 1;
        if (spread.rows_touched <= fewest) {
            return fmt::format("{} lanes' bytes fill {} sectors, the fewest that carry them: coalesced.",
                               counts.worst_lanes.size(), spread.rows_touched);
        }
        return fmt::format("{} lanes touch {} different 32-byte sectors where {} would carry their bytes: neighbouring "
                           "lanes reading neighbouring addresses would share sectors.",
                           counts.worst_lanes.size(), spread.rows_touched, fewest);
    }
    if (counts.worst_cost <= 1) {
        return "Every lane's word is in a bank of its own (or shared by a broadcast): no conflict to fix.";
    }
    return fmt::format("{} lanes hit bank {}: they are served one after another. When they walk down a column of a "
                       "tile, one float of padding per row spreads them over the banks.",
                       spread.lanes_there, spread.busiest_row);
}

// One request as a labelled grid: a column per lane (numbered every 4), a row per bank (local) or
// per sector from the request's first (global), a cell filled where the lane touches it.
std::string request_grid(const SiteCounts& counts, bool global, std::uint32_t warp, const std::string& caption) {
    std::uint64_t rows = global ? 4 : kBankCount;
    for (const auto& [lane, where] : counts.worst_lanes) rows = std::max(rows, where + 1);
    rows = std::min<std::uint64_t>(rows, 64);
    const int cell = 12, left = 64, top = 30;
    std::string svg = fmt::format("<figure style='display:inline-block;margin:0 24px 0 0'><svg "
                                  "xmlns='http://www.w3.org/2000/svg' width='{}' height='{}'>",
                                  left + warp * cell + 10, top + rows * cell + 10);
    svg += fmt::format("<text x='{}' y='10' font-size='10'>lane →</text>", left);
    for (std::uint32_t lane = 0; lane < warp; ++lane) {
        if (lane % 4 == 0) svg += fmt::format("<text x='{}' y='24' font-size='9'>{}</text>", left + lane * cell, lane);
        for (std::uint64_t row = 0; row < rows; ++row) {
            svg += fmt::format("<rect x='{}' y='{}' width='{}' height='{}' fill='none' stroke='#ddd'/>",
                               left + lane * cell, top + row * cell, cell, cell);
        }
    }
    for (std::uint64_t row = 0; row < rows; row += global ? 1 : 4) {
        svg += fmt::format("<text x='0' y='{}' font-size='9'>{} {}</text>", top + row * cell + 10,
                           global ? "sector +" : "bank", row);
    }
    for (const auto& [lane, where] : counts.worst_lanes) {
        if (where >= rows) continue;
        svg += fmt::format("<rect x='{}' y='{}' width='{}' height='{}' fill='#c0392b'/>", left + lane * cell + 1,
                           top + where * cell + 1, cell - 2, cell - 2);
    }
    return svg + "</svg><figcaption>" + escaped(caption) + "</figcaption></figure>";
}

// The worst site's request, and beside it the same line's in the --versus configuration.
std::string request_picture(const Site& site, const SiteCounts& counts, std::uint32_t warp,
                            const std::string& defines, const LaunchCounts* versus, const std::string& versus_defines) {
    const bool global = site.space == Space::global;
    std::string grids = request_grid(counts, global, warp, "this run: " + defines);
    if (versus != nullptr) {
        const auto same = versus->sites.find(site);
        grids += same != versus->sites.end()
                     ? request_grid(same->second, global, warp, "--versus: " + versus_defines)
                     : "<p>(--versus " + escaped(versus_defines) + ": this line makes no such access)</p>";
    }
    return fmt::format("<h2>The worst request, line {}: {}</h2><p><strong>{}</strong></p><p>Each red cell: a lane "
                       "(column) touching a {} (row).</p>{}",
                       site.line, escaped(counts_words(site, counts)), escaped(worst_sentence(site, counts)),
                       global ? "32-byte sector, counted from the request's first" : "bank", grids);
}

}  // namespace

std::string memory_html(const std::string& source, const LaunchCounts& launch, std::uint32_t warp,
                        const ReportSubject& subject, const std::string& faults, const LaunchCounts* versus,
                        const std::string& versus_defines) {
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
        ".n{{color:#888;text-align:right}} .c{{color:#1a5276}} "
        ".wrong{{border:3px solid #c0392b;background:#fdedec;padding:4px 12px;margin:8px 0}}</style></head><body>"
        "<h1>Memory report: {0}</h1><p>At {1}, defines {2}; kernel {3}, {4} work-group(s), warps of {5}.</p>",
        escaped(subject.kernel_file), escaped(subject.size), escaped(subject.defines), escaped(launch.kernel),
        launch.work_groups, warp);
    // A wrong run's figures describe a kernel that did something else: that comes first, in a banner.
    const std::string wrong_banner =
        faults.empty() ? std::string()
                       : "<div class='wrong'><p><strong>" + escaped(wrong_run_banner()) + "</strong></p><pre>" +
                             escaped(faults) + "</pre></div>";
    html += wrong_banner + "<table>";
    std::istringstream lines(source);
    std::uint32_t number = 0;
    for (std::string line; std::getline(lines, line);) {
        ++number;
        std::string note;
        for (const std::string& words : notes[number]) note += escaped(words) + "<br>";
        html += fmt::format("<tr><td class='n'>{}</td><td><pre>{}</pre></td><td class='c'>{}</td></tr>", number,
                            escaped(line), note);
    }
    html += "</table>" + wrong_banner + "<pre>" + escaped(totals_text(launch, subject)) + "</pre>";
    if (worst != nullptr) {
        html += request_picture(*worst, launch.sites.at(*worst), warp, subject.defines, versus, versus_defines);
    }
    html += "<p><em>" + escaped(honesty_line(warp)) + "</em></p></body></html>\n";
    return html;
}

}  // namespace memory_lens
